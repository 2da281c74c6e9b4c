import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listMigrations, renderEdgeMigrations } from '../../src/server/db/migrate.ts';
import { MIGRATION_VERSIONS } from '../../supabase/functions/api/migrations.ts';

describe('Edge Function migration list', () => {
  it('names exactly the migration files in supabase/migrations (GET /api/health compares against it on Deno)', () => {
    expect([...MIGRATION_VERSIONS]).toEqual(listMigrations().map((m) => m.version));
  });

  it('is the generator\'s output (run `npm run db:edge-migrations` when this fails)', () => {
    const committed = readFileSync(new URL('../../supabase/functions/api/migrations.ts', import.meta.url), 'utf8');
    expect(committed, 'supabase/functions/api/migrations.ts is stale: run `npm run db:edge-migrations`').toBe(renderEdgeMigrations());
  });
});
