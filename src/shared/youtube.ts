/**
 * A YouTube link is accepted only as a watch (`/watch?v=ID`), embed (`/embed/ID`) or shorts
 * (`/shorts/ID`) path on youtube.com (www./m. allowed), or `youtu.be/ID`; the id has at least 5
 * characters of [A-Za-z0-9_-]. Returns the embed URL `https://www.youtube.com/embed/ID`, else null.
 */
export function toYouTubeEmbedUrl(input: string | null | undefined): string | null {
  if (!input) return null;
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  let id: string | null = null;
  if (host === 'youtu.be') {
    id = url.pathname.split('/')[1] ?? null;
  } else if (host === 'youtube.com' || host === 'www.youtube.com' || host === 'm.youtube.com') {
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'watch' && parts.length === 1) id = url.searchParams.get('v');
    else if ((parts[0] === 'embed' || parts[0] === 'shorts') && parts.length >= 2) id = parts[1];
  }
  if (!id || !/^[A-Za-z0-9_-]{5,}$/.test(id)) return null;
  return `https://www.youtube.com/embed/${id}`;
}
