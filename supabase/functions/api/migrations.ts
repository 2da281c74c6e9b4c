/**
 * Versions of supabase/migrations/*.sql this function expects applied (GET /api/health answers 503
 * while any is missing). The hosted function bundle has no .sql files to list, so the list is kept
 * here; tests/api/edge-migrations.test.ts fails when it differs from the folder — add the version of
 * every new migration file.
 */
export const MIGRATION_VERSIONS: readonly string[] = [
  '20260101000000', '20260101000100', '20260101000200', '20260101000300', '20260101000400', '20260101000500',
  '20260101000600', '20260101000900', '20260101001000', '20260101001100', '20260101002000', '20260101002001',
  '20260101003000', '20260101003100', '20260101004000', '20260101005000', '20260101005100', '20260101005101',
  '20260101005200', '20260101005400', '20260101005500', '20260101005700', '20260101005800', '20260101006000',
  '20260101006100', '20260101006200', '20260101006300', '20260101006700', '20260101007200', '20260101007500',
];
