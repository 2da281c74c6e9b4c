import { dehydrate, QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client.ts';
import { hydrateQueries } from './ssr-state.ts';

/** A server render's cache: two answers given at `at` (ms), one of them (settings) fresh for ever. */
async function serverState(at: number) {
  const server = new QueryClient();
  server.setQueryData(['places', 'en'], { data: ['a'] }, { updatedAt: at });
  server.setQueryData(['website-settings'], { siteName: 'Dalil' }, { updatedAt: at });
  return dehydrate(server);
}

describe('hydrateQueries: a page read after its answers went stale', () => {
  it('hydrates the answers as fresh (no refetch in the hydration render), then refetches the stale shown ones once', async () => {
    const renderedAt = Date.now() - 5 * 60_000;
    const client = createQueryClient();
    const refreshStale = hydrateQueries(client, await serverState(renderedAt));
    let placesFetched = 0;
    let settingsFetched = 0;
    const places = new QueryObserver(client, { queryKey: ['places', 'en'], queryFn: async () => { placesFetched++; return { data: ['b'] }; } });
    const settings = new QueryObserver(client, { queryKey: ['website-settings'], queryFn: async () => { settingsFetched++; return { siteName: 'Dalil' }; }, staleTime: Infinity });
    // what a component's first render would see: the server's data, not fetching
    expect(places.getOptimisticResult(client.defaultQueryOptions(places.options))).toMatchObject({ data: { data: ['a'] }, isFetching: false, isStale: false });
    const stopPlaces = places.subscribe(() => {});
    const stopSettings = settings.subscribe(() => {});
    expect(placesFetched).toBe(0);

    await refreshStale();
    expect(placesFetched).toBe(1);
    expect(settingsFetched).toBe(0);
    expect(client.getQueryData(['places', 'en'])).toEqual({ data: ['b'] });
    stopPlaces();
    stopSettings();
  });

  it('leaves answers younger than their freshness alone', async () => {
    const client = createQueryClient();
    const refreshStale = hydrateQueries(client, await serverState(Date.now() - 1_000));
    let fetched = 0;
    const places = new QueryObserver(client, { queryKey: ['places', 'en'], queryFn: async () => { fetched++; return { data: ['b'] }; } });
    const stop = places.subscribe(() => {});
    await refreshStale();
    expect(fetched).toBe(0);
    expect(client.getQueryData(['places', 'en'])).toEqual({ data: ['a'] });
    stop();
  });
});
