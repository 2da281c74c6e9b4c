/**
 * Directions to a place in the visitor's own maps app (issue #15, docs/decisions/022-near-me.md):
 * Android → a `geo:` URI (the system offers the installed maps apps), iPhone/iPad → Apple Maps
 * (`maps.apple.com`, opens the Maps app), elsewhere → OpenStreetMap's directions page. The platform
 * is read from the user agent, so call this after mount (server and first client render must agree).
 */
export type DirectionsPlatform = 'android' | 'ios' | 'other';

/** The platform of a user-agent string (iPadOS 13+ reports a Mac with touch: pass `touch`). */
export function directionsPlatform(userAgent: string, touch = false): DirectionsPlatform {
  if (/Android/i.test(userAgent)) return 'android';
  if (/iPhone|iPad|iPod/i.test(userAgent) || (touch && /Macintosh/i.test(userAgent))) return 'ios';
  return 'other';
}

/** Coordinates as a URL puts them: at most 6 decimals (about 10 cm), no exponent. */
const coord = (n: number) => String(Number(n.toFixed(6)));

/** The URL that opens directions to (`lat`, `lng`), labelled `name`, on `platform`. */
export function directionsUrl(platform: DirectionsPlatform, lat: number, lng: number, name: string): string {
  const ll = `${coord(lat)},${coord(lng)}`;
  switch (platform) {
    case 'android':
      return `geo:${ll}?q=${ll}(${encodeURIComponent(name)})`;
    case 'ios':
      return `https://maps.apple.com/?daddr=${ll}&q=${encodeURIComponent(name)}`;
    default:
      return `https://www.openstreetmap.org/directions?route=%3B${encodeURIComponent(ll)}#map=16/${coord(lat)}/${coord(lng)}`;
  }
}
