/**
 * Place payloads (spec §3) as field lists: shared by the API (proposed changes of edit requests) and
 * the SPA (a request's submitted fields), so both name and order fields the same way.
 */
import { PLACE_DETAIL_FIELDS, PLACE_FIELDS } from './schemas/place-form.ts';

type Json = Record<string, unknown>;

/** Form order of the fields (jsonb keeps its own key order): place fields, then details, then unknown keys. */
const FIELD_ORDER: string[] = [...PLACE_FIELDS, ...PLACE_DETAIL_FIELDS.map((f) => `details.${f}`)];
const rank = (field: string) => {
  const i = FIELD_ORDER.indexOf(field);
  return i === -1 ? FIELD_ORDER.length : i;
};

/** `[field, value]` pairs of a payload in form order; details flattened to 'details.<key>'. */
export function flattenPayload(payload: Json | null | undefined): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const [key, value] of Object.entries(payload ?? {})) {
    if (key === 'details' && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, v] of Object.entries(value as Json)) out.push([`details.${inner}`, v]);
    } else out.push([key, value]);
  }
  return out.sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}
