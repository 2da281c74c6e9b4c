import { PLACE_DETAIL_FIELDS, PLACE_FIELDS } from './schemas/place-form-schemas.ts';

/**
 * The fields of a place request's payload (place payload), flattened and in the place form's
 * order. Shared by the API (proposed changes of edit requests) and the admin screen (every submitted
 * field of a request, with its label).
 */
type Json = Record<string, unknown>;

/** Form order of the fields (jsonb keeps its own key order): place fields, then details, then unknown keys. */
export const PAYLOAD_FIELD_ORDER: readonly string[] = [...PLACE_FIELDS, ...PLACE_DETAIL_FIELDS.map((f) => `details.${f}`)];

const rank = (field: string) => {
  const i = PAYLOAD_FIELD_ORDER.indexOf(field);
  return i === -1 ? PAYLOAD_FIELD_ORDER.length : i;
};

/**
 * `[field, value]` pairs of a payload in form order, details flattened to 'details.<key>'; fields
 * the form does not know come last, alphabetically. A non-object payload gives [].
 */
export function flattenPayload(payload: unknown): [string, unknown][] {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return [];
  const out: [string, unknown][] = [];
  for (const [key, value] of Object.entries(payload as Json)) {
    if (key === 'details' && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, v] of Object.entries(value as Json)) out.push([`details.${inner}`, v]);
    } else out.push([key, value]);
  }
  return out.sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}
