import { createRoute } from '@hono/zod-openapi';
import type { ApiApp } from '../../http/app-deps.ts';
import { jsonResponses, security } from '../../http/openapi.ts';
import { createRouter } from '../../http/create-router.ts';
import { listLatestChanges } from '../../queries/history-queries.ts';
import { likelyDuplicatesCount, pendingAges, placeGaps, placesPerCategory, placesPerZone } from '../../queries/overview-queries.ts';
import { envelope } from '../../../shared/schemas/common-schemas.ts';
import { OVERVIEW_LATEST_CHANGES, overviewSchema } from '../../../shared/schemas/overview-schemas.ts';

const tags = ['admin: history'];

/**
 * GET /admin/overview — data health at a glance (admins; 401/403 from the admin guard of app.ts).
 * One query per figure, in one read transaction as the caller. SQL: queries/overview-queries.ts, history.ts.
 */
export function adminOverviewRoutes(): ApiApp {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get', path: '/admin/overview', tags, security,
      summary: 'Data health: places per category and per zone, pending requests (count, oldest and median age in hours), '
        + 'gap counts (no Arabic name, no phone, no opening hours, coordinates missing or > 5 km from the zone centre), '
        + 'likely duplicate pairs (exact: the total of GET /admin/duplicates) and the 10 latest changes',
      responses: jsonResponses(envelope(overviewSchema), 'The overview', [401, 403]),
    }),
    async (c) => {
      const data = await c.var.db(async (tx) => {
        const { total, gaps } = await placeGaps(tx);
        return {
          totalPlaces: total,
          perCategory: await placesPerCategory(tx),
          perZone: await placesPerZone(tx),
          pending: await pendingAges(tx),
          gaps,
          likelyDuplicates: await likelyDuplicatesCount(tx),
          latestChanges: await listLatestChanges(tx, OVERVIEW_LATEST_CHANGES),
        };
      });
      return c.json({ success: true as const, data }, 200);
    },
  );
  return app;
}
