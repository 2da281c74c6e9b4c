import type { PlaceFormValues } from '../../components/place-form/form-values.ts';
import { placeCreateSchema, placeUpdateSchema, type PlaceCreateInput, type PlaceUpdateInput } from '../../shared/schemas/place-form-schemas.ts';

/**
 * Body of POST /public/places from valid form values: name and categoryId, plus only the
 * optional fields that hold something after trimming; empty ones (the Arabic name included) are
 * left out, and `details` only when one of its fields is set. Throws a ZodError on invalid values.
 */
export function toCreatePayload(values: PlaceFormValues): PlaceCreateInput {
  return placeCreateSchema.parse(values);
}

type Changes = Record<string, unknown>;

/**
 * The `changes` of an edit request (POST /public/auth/places/{id}/edit-request): only the fields whose
 * value in `values` differs from `original` once both are normalised the way the API stores them
 * (trimmed; '' → null, i.e. cleared). `details` holds only its changed fields. `{}` when nothing
 * changed. Throws a ZodError on invalid values.
 */
export function toEditChanges(original: PlaceFormValues, values: PlaceFormValues): PlaceUpdateInput {
  const before = placeUpdateSchema.parse(original) as Changes;
  const after = placeUpdateSchema.parse(values) as Changes;
  const changes: Changes = {};
  for (const [key, value] of Object.entries(after)) {
    if (key === 'details') {
      const was = (before.details ?? {}) as Changes;
      const details: Changes = {};
      for (const [inner, v] of Object.entries((value ?? {}) as Changes)) {
        if ((was[inner] ?? null) !== (v ?? null)) details[inner] = v ?? null;
      }
      if (Object.keys(details).length > 0) changes.details = details;
    } else if ((before[key] ?? null) !== (value ?? null)) {
      changes[key] = value ?? null;
    }
  }
  return changes as PlaceUpdateInput;
}
