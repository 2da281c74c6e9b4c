/**
 * Writes supabase/functions/api/migrations.ts (the migration versions the Edge Function expects
 * applied) from the files of supabase/migrations:
 *
 *   npm run db:edge-migrations
 *
 * Run it after adding a migration; tests/api/edge-migrations.test.ts fails until then.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderEdgeMigrations } from '../src/server/db/migrate.ts';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../supabase/functions/api/migrations.ts');
writeFileSync(file, renderEdgeMigrations());
console.log(`Wrote ${path.relative(process.cwd(), file)}.`);
