import { stripLangSegment } from './language.ts';

/** Query parameters that make a list page a different page (the rest — `lang`, `theme`, trackers — do not). */
const MEANINGFUL = ['q', 'category', 'zone', 'sort', 'page'] as const;

/**
 * The language-neutral canonical path of a page with its meaningful query (issue 14): `/places/{slug}` is
 * `/p/{slug}`; list pages keep `q`, `category`, `zone`, `sort` and `page` (except page 1), in that order.
 * The server writes it as `<link rel=canonical>` (src/server/render/head.ts) and the browser keeps that
 * link up to date on client-side navigation (src/features/settings/components/document-head.tsx).
 */
export function canonicalPath(pathname: string, search = ''): string {
  let path = stripLangSegment(pathname).replace(/(.)\/$/, '$1');
  const place = /^\/places\/([^/]+)$/.exec(path);
  if (place) path = `/p/${place[1]}`;
  const params = new URLSearchParams(search);
  const keep = new URLSearchParams();
  for (const name of MEANINGFUL) {
    const value = params.get(name);
    if (value && !(name === 'page' && value === '1')) keep.set(name, value);
  }
  const qs = keep.toString();
  return qs && !/^\/p\//.test(path) ? `${path}?${qs}` : path;
}
