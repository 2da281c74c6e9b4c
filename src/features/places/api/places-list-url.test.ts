import { describe, expect, it } from 'vitest';
import { placesListQueryOptions, placesListUrl } from './places-list-url.ts';

const url = (query: string, scope?: Parameters<typeof placesListUrl>[1]) => placesListUrl(new URLSearchParams(query), scope);

describe('placesListUrl (PlacesBrowser and the list routes\' handles)', () => {
  it('reads a plain list as page 1 by name', () => {
    expect(url('')).toEqual({ page: 1, zone: undefined, category: undefined, q: undefined, sort: 'name-asc', near: undefined, openNow: false });
  });

  it('reads filters, page, sort and "Open now"; a bad page is page 1', () => {
    expect(url('zone=olaya&category=cafes&page=3&sort=newest&open=1')).toMatchObject({ page: 3, zone: 'olaya', category: 'cafes', sort: 'newest', openNow: true });
    expect(url('page=-2').page).toBe(1);
    expect(url('page=abc').page).toBe(1);
    expect(url('sort=cheapest').sort).toBe('name-asc');
  });

  it('orders a search by relevance unless a sort is chosen, and trims its text', () => {
    expect(url('q=%20tea%20')).toMatchObject({ q: 'tea', sort: undefined });
    expect(url('q=tea&sort=name-desc')).toMatchObject({ q: 'tea', sort: 'name-desc' });
    expect(url('q=%20%20').q).toBeUndefined();
  });

  it('sorts by distance only with a valid position', () => {
    expect(url('sort=distance&near=24.7,46.6')).toMatchObject({ sort: 'distance', near: '24.7,46.6' });
    expect(url('sort=distance&near=nowhere')).toMatchObject({ sort: 'name-asc', near: undefined });
  });

  it('ignores the filter a scoped list fixes', () => {
    expect(url('zone=olaya&category=cafes', { kind: 'category', slug: 'cafes' })).toMatchObject({ zone: 'olaya', category: undefined });
    expect(url('zone=olaya&category=cafes', { kind: 'zone', slug: 'olaya' })).toMatchObject({ zone: undefined, category: 'cafes' });
  });

  it('gives the query of the URL\'s first page, as PlacesBrowser asks it', () => {
    const { queryKey } = placesListQueryOptions('ar', new URLSearchParams('page=2&sort=oldest&open=1'), { kind: 'zone', slug: 'olaya' });
    expect(queryKey).toEqual(['places', 'ar', { kind: 'zone', slug: 'olaya' }, { page: 2, limit: 12, sort: 'oldest', near: undefined, search: undefined, zoneSlug: undefined, categorySlug: undefined, openNow: true }]);
  });
});
