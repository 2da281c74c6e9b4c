import { describe, expect, it } from 'vitest';
import { isCacheableApiPath, isPrivatePagePath, isPublicPagePath, isShellPagePath, pageLang, tileUrlPattern } from './offline.ts';

describe('what the service worker caches (decision 047)', () => {
  it('public pages in both languages are pages it keeps; accounts, sign-in, admin, the API and files are not', () => {
    for (const path of ['/', '/ar', '/places', '/places/ar', '/categories/cafes', '/categories/cafes/ar', '/zones/olaya/ar', '/p/some-place', '/p/some-place/ar', '/search', '/map', '/map/ar', '/zones/olaya/map']) {
      expect(isPublicPagePath(path), path).toBe(true);
    }
    for (const path of ['/profile', '/profile/ar', '/admin', '/admin/places/ar', '/auth/login', '/auth/login/ar', '/api/public/places', '/uploads/a.jpg', '/assets/x.js', '/robots.txt', '/sitemap.xml', '/offline.html', '/saved', '/saved/ar']) {
      expect(isPublicPagePath(path), path).toBe(false);
    }
  });

  it('private pages are named as such, with their Arabic twins', () => {
    expect(['/profile', '/profile/ar', '/admin/users', '/auth/reset-password/ar'].every(isPrivatePagePath)).toBe(true);
    expect(['/', '/ar', '/places', '/p/profile', '/saved'].some(isPrivatePagePath)).toBe(false);
  });

  it('the saved places page opens from the shell', () => {
    expect(isShellPagePath('/saved')).toBe(true);
    expect(isShellPagePath('/saved/ar')).toBe(true);
    expect(isShellPagePath('/places')).toBe(false);
  });

  it('caches the public reads of the API, not its auth calls nor the export download', () => {
    for (const path of ['/public/places', '/public/places/x', '/public/categories', '/public/map/markers', '/public/search', '/website-settings']) {
      expect(isCacheableApiPath(path), path).toBe(true);
    }
    for (const path of ['/public/auth/me', '/public/auth/login', '/public/export', '/profile', '/admin/places', '/place-requests', '/openapi.json']) {
      expect(isCacheableApiPath(path), path).toBe(false);
    }
  });

  it('reads the language of a page path', () => {
    expect(pageLang('/p/x/ar')).toBe('ar');
    expect(pageLang('/ar')).toBe('ar');
    expect(pageLang('/p/ar-rahma')).toBe('en');
    expect(pageLang('/')).toBe('en');
  });

  it('matches the tiles of a Leaflet template, and only them', () => {
    const osm = tileUrlPattern('https://tile.openstreetmap.org/{z}/{x}/{y}.png')!;
    expect(osm.test('https://tile.openstreetmap.org/12/2650/1761.png')).toBe(true);
    expect(osm.test('https://tile.openstreetmap.org/copyright')).toBe(false);
    expect(osm.test('https://evil.example/tile.openstreetmap.org/1/2/3.png')).toBe(false);
    const sub = tileUrlPattern('https://{s}.tiles.example.com/{z}/{x}/{y}{r}.png?key=abc')!;
    expect(sub.test('https://a.tiles.example.com/3/4/5@2x.png?key=abc')).toBe(true);
    expect(sub.test('https://b.tiles.example.com/3/4/5.png?key=abc')).toBe(true);
    expect(sub.test('https://b.tiles.example.com/3/4/5.png?key=other')).toBe(false);
    expect(tileUrlPattern('/tiles/{z}/{x}/{y}.png')).toBeNull();
  });
});
