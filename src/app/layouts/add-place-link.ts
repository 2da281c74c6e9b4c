/** Query parameter that reopens the add-place form (after a sign-in started from "Add place"). */
export const ADD_PLACE_PARAM = 'addPlace';

/** `path` (pathname + search) with `addPlace=1` added: where a sign-in started from "Add place" returns. */
export function withAddPlace(path: string): string {
  const [pathname, query = ''] = path.split('?');
  const params = new URLSearchParams(query);
  params.set(ADD_PLACE_PARAM, '1');
  return `${pathname}?${params}`;
}
