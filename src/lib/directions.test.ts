import { describe, expect, it } from 'vitest';
import { directionsPlatform, directionsUrl } from './directions.ts';
import { formatDistance } from './intl.ts';

const ARABIC_INDIC = /[\u0660-\u0669\u06f0-\u06f9]/;

describe('directions in the platform\'s maps', () => {
  it('tells Android, iOS (also iPadOS reporting a Mac with touch) and the rest apart', () => {
    expect(directionsPlatform('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36')).toBe('android');
    expect(directionsPlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148')).toBe('ios');
    expect(directionsPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605.1.15', true)).toBe('ios');
    expect(directionsPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605.1.15')).toBe('other');
    expect(directionsPlatform('Mozilla/5.0 (X11; Linux x86_64) Chrome/126 Safari/537.36')).toBe('other');
  });

  it('builds a geo: URI, an Apple Maps link or an OpenStreetMap directions link at the coordinates', () => {
    expect(directionsUrl('android', 24.7136, 46.6753, 'Café & Co')).toBe('geo:24.7136,46.6753?q=24.7136,46.6753(Caf%C3%A9%20%26%20Co)');
    expect(directionsUrl('ios', 24.7136, 46.6753, 'مقهى')).toBe(`https://maps.apple.com/?daddr=24.7136,46.6753&q=${encodeURIComponent('مقهى')}`);
    const osm = new URL(directionsUrl('other', 24.71234567, -46.6, 'X'));
    expect(osm.hostname).toBe('www.openstreetmap.org');
    expect(osm.searchParams.get('route')).toBe(';24.712346,-46.6');
  });
});

describe('formatDistance', () => {
  it('shows metres under 1 km, one decimal under 10 km, whole kilometres beyond, in both languages with Western digits', () => {
    expect(formatDistance(0, 'en')).toBe('0 m');
    expect(formatDistance(347, 'en')).toBe('350 m');
    expect(formatDistance(1234, 'en')).toBe('1.2 km');
    expect(formatDistance(24_400, 'en')).toBe('24 km');
    const ar = formatDistance(1234, 'ar');
    expect(ar).toContain('كم');
    expect(ar).toMatch(/1.2/);
    expect(ar).not.toMatch(ARABIC_INDIC);
    expect(formatDistance(350, 'ar')).toContain('م');
    expect(formatDistance(null, 'en')).toBe('');
  });
});
