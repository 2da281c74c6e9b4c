import { describe, expect, it } from 'vitest';
import { bootKey, bootPlan, HOME_FEATURED_COUNT, LEAFLET_MAP_MODULE, mapPageModules } from './boot-data.ts';

describe('bootKey', () => {
  it('sorts query parameters and drops empty ones, so client and server spell a request alike', () => {
    expect(bootKey('/public/places?sort=newest&limit=6')).toBe('/public/places?limit=6&sort=newest');
    expect(bootKey('/public/places?page=1&search=&limit=12')).toBe('/public/places?limit=12&page=1');
    expect(bootKey('/public/zones')).toBe('/public/zones');
    expect(bootKey('/public/places?search=caf%C3%A9+%26+tea')).toBe('/public/places?search=caf%C3%A9+%26+tea');
  });
});

describe('bootPlan', () => {
  it('home: categories, zones and the newest places', () => {
    expect(bootPlan('/')).toEqual({
      module: 'src/app/routes/public/home.tsx',
      requests: ['/public/categories', '/public/zones', `/public/places?limit=${HOME_FEATURED_COUNT}&sort=newest`],
    });
  });

  it('places list: the page the URL names, as PlacesBrowser asks for it', () => {
    expect(bootPlan('/places')?.requests).toContain('/public/places?limit=12&page=1&sort=name-asc');
    expect(bootPlan('/places', '?page=3&zone=olaya&category=cafes&sort=newest')?.requests)
      .toContain('/public/places?categorySlug=cafes&limit=12&page=3&sort=newest&zoneSlug=olaya');
    // a search is ordered by relevance unless a sort is chosen; junk pages and sorts fall back
    expect(bootPlan('/places', '?q=%20coffee%20&page=x&sort=bogus')?.requests).toContain('/public/places?limit=12&page=1&search=coffee');
  });

  it('place details by /p/ and /places/ slugs, encoded', () => {
    expect(bootPlan('/p/caf%C3%A9-one')).toEqual({ module: 'src/app/routes/public/place-details.tsx', requests: ['/public/places/caf%C3%A9-one'] });
    expect(bootPlan('/places/a%2Fb')?.requests).toEqual(['/public/places/a%2Fb']);
  });

  it('scoped lists keep their scope out of the filters', () => {
    expect(bootPlan('/categories/cafes', '?zone=olaya&category=ignored')?.requests)
      .toEqual(['/public/categories/cafes', '/public/zones', '/public/categories/cafes/places?limit=12&page=1&sort=name-asc&zoneSlug=olaya']);
    expect(bootPlan('/zones/olaya', '?category=cafes&zone=ignored')?.requests)
      .toEqual(['/public/zones/olaya', '/public/categories', '/public/zones/olaya/places?categorySlug=cafes&limit=12&page=1&sort=name-asc']);
  });

  it('no plan for pages that load their own data', () => {
    for (const path of ['/map', '/admin/places', '/auth/login', '/profile', '/places/x/y', '/search']) expect(bootPlan(path), path).toBeNull();
  });

  it('names the route and Leaflet modules of the map pages only', () => {
    expect(mapPageModules('/map')).toEqual(['src/app/routes/public/map.tsx', LEAFLET_MAP_MODULE]);
    expect(mapPageModules('/map/zones/olaya')).toEqual(['src/app/routes/public/map-zone.tsx', LEAFLET_MAP_MODULE]);
    for (const path of ['/', '/places', '/map/zones', '/map/x/y/z', '/mapping']) expect(mapPageModules(path), path).toEqual([]);
  });
});
