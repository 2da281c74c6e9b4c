import { createRoute, z } from '@hono/zod-openapi';
import { ApiError } from '../http/api-error.ts';
import type { ApiApp, AppDeps } from '../http/app-deps.ts';
import { createRouter } from '../http/create-router.ts';
import { appliedMigrations } from '../queries/health-queries.ts';
import { apiErrorSchema } from '../../shared/schemas/common-schemas.ts';

/** How long the health check waits for the database before it answers 503, in milliseconds. */
export const HEALTH_TIMEOUT_MS = 2000;

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok').openapi({ description: 'The database answered a query' }),
  migrations: z.literal('current').openapi({ description: 'Every migration file of this build is recorded as applied' }),
  latestMigration: z.string().nullable().openapi({ description: 'Newest applied migration version', example: '20260101003000' }),
  checkedAt: z.string().openapi({ description: 'ISO time of this check' }),
}).openapi('Health');

const unhealthySchema = apiErrorSchema.extend({
  error: apiErrorSchema.shape.error.extend({
    database: z.enum(['ok', 'unavailable']),
    migrations: z.enum(['current', 'pending', 'unknown']),
    pendingMigrations: z.array(z.string()).optional().openapi({ description: 'Versions of this build not applied to the database' }),
  }),
});

/**
 * `GET /health` (`/api/health`): liveness and readiness for load balancers and monitors, anonymous,
 * never cached. 200 `{ success:true, data:{ status:'ok', database:'ok', migrations:'current',
 * latestMigration, checkedAt } }` when the database answers within 2 s and every migration version
 * of this build (`deps.migrations`: from supabase/migrations on Node, a list bundled with the Edge
 * Function on Deno) is recorded in supabase_migrations.schema_migrations. Otherwise 503
 * `{ success:false, error:{ code:'unhealthy', message, database:'ok'|'unavailable',
 * migrations:'current'|'pending'|'unknown', pendingMigrations? } }` with Retry-After.
 * Without `deps.migrations` only the database is checked (migrations reported 'current' when the table answers).
 * SQL: queries/health-queries.ts.
 */
export function healthRoutes(deps: AppDeps): ApiApp {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get', path: '/health', tags: ['meta'],
      summary: 'Health: the database answers and every migration of this build is applied',
      responses: {
        200: { description: 'Healthy', content: { 'application/json': { schema: z.object({ success: z.literal(true), data: healthSchema }) } } },
        503: { description: 'Database unavailable or migrations pending (Retry-After)', content: { 'application/json': { schema: unhealthySchema } } },
      },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      let applied: string[];
      try {
        applied = await appliedMigrations(deps.sql, HEALTH_TIMEOUT_MS);
      } catch {
        throw new ApiError(503, 'unhealthy', undefined, undefined, { 'Retry-After': '5' }, { database: 'unavailable', migrations: 'unknown' });
      }
      const done = new Set(applied);
      const pending = (deps.migrations ?? []).filter((v) => !done.has(v));
      if (pending.length) {
        throw new ApiError(503, 'unhealthy', undefined, undefined, { 'Retry-After': '5' }, { database: 'ok', migrations: 'pending', pendingMigrations: pending });
      }
      return c.json({
        success: true as const,
        data: { status: 'ok' as const, database: 'ok' as const, migrations: 'current' as const, latestMigration: applied.at(-1) ?? null, checkedAt: new Date().toISOString() },
      }, 200);
    },
  );
  return app;
}
