import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { adminKeys } from './admin-keys.ts';
import { overviewSchema, type Overview } from '../../../shared/schemas/overview-schemas.ts';

/**
 * GET /admin/overview → data health: places per category and zone, pending requests and their ages,
 * gap counts, likely duplicate pairs (exact, from the maintained pairs table, decision 033)
 * and the latest changes. Keyed under the places prefix, so every admin write of places refreshes it.
 */
export function getOverview(signal?: AbortSignal): Promise<Overview> {
  return apiRequest('/admin/overview', { schema: overviewSchema, signal, scope: 'admin' });
}

export function useOverviewQuery() {
  const { lang } = usePreferences();
  return useQuery({ queryKey: adminKeys.overview(lang), queryFn: ({ signal }) => getOverview(signal) });
}
