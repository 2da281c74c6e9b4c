/**
 * Coordinates of a place or building: its latitude/longitude when set, else parsed from a map URL —
 * OpenStreetMap (`mlat`/`mlon` query, or `#map=zoom/lat/lon`) or Google Maps (`@lat,lng`, `q=lat,lng`,
 * `ll=lat,lng`, `!3dLAT!4dLNG`). Returns WGS84 degrees or null when nothing valid is found.
 */
export function coordinatesOf(item: { latitude?: number | null; longitude?: number | null; mapUrl?: string | null; locationUrl?: string | null }): { lat: number; lng: number } | null {
  if (isValid(item.latitude, item.longitude)) return { lat: item.latitude!, lng: item.longitude! };
  return parseMapUrl(item.mapUrl ?? item.locationUrl ?? null);
}

function isValid(lat: unknown, lng: unknown): boolean {
  return typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

export function parseMapUrl(raw: string | null | undefined): { lat: number; lng: number } | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const pair = (a: string | null | undefined, b: string | null | undefined) => {
    const lat = Number(a);
    const lng = Number(b);
    return a && b && isValid(lat, lng) ? { lat, lng } : null;
  };
  const num = '(-?\\d+(?:\\.\\d+)?)';
  const fromQuery = pair(url.searchParams.get('mlat'), url.searchParams.get('mlon'));
  if (fromQuery) return fromQuery;
  const hash = new RegExp(`map=\\d+(?:\\.\\d+)?/${num}/${num}`).exec(url.hash);
  if (hash) return pair(hash[1], hash[2]);
  const bang = new RegExp(`!3d${num}!4d${num}`).exec(url.href);
  if (bang) return pair(bang[1], bang[2]);
  const at = new RegExp(`@${num},${num}`).exec(url.pathname);
  if (at) return pair(at[1], at[2]);
  for (const key of ['q', 'query', 'll', 'center', 'destination']) {
    const m = new RegExp(`^${num},\\s*${num}$`).exec(url.searchParams.get(key) ?? '');
    if (m) return pair(m[1], m[2]);
  }
  return null;
}
