import { describe, expect, it } from 'vitest';
import { listMigrations } from '../../src/server/db/migrate.ts';
import { MIGRATION_VERSIONS } from '../../supabase/functions/api/migrations.ts';

describe('Edge Function migration list', () => {
  it('names exactly the migration files in supabase/migrations (GET /api/health compares against it on Deno)', () => {
    expect([...MIGRATION_VERSIONS]).toEqual(listMigrations().map((m) => m.version));
  });
});
