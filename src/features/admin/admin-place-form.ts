import { PLACE_FIELD_MESSAGES, placeCreateSchema, placeUpdateSchema, type PlaceCreateInput, type PlaceUpdateInput } from '../../shared/schemas/place-form-schemas.ts';
import { type PlaceFormValues } from '../../components/place-form/form-values.ts';

export { emptyPlaceForm, placeToForm, selectId, type PlaceFormValues } from '../../components/place-form/form-values.ts';

/**
 * The admin place form on the shared payload schema (src/shared/schemas/place-form-schemas.ts: the public
 * form's rules and messages). Form values have the payload's shape — `details.*` nested,
 * `categoryId`/`zoneId` numbers (a select's '' reads as none) — so the same schema validates them.
 */
export const PLACE_MESSAGES = PLACE_FIELD_MESSAGES;

export const placeFormSchema = placeCreateSchema;

/**
 * The request body from valid form values: on create the shared create schema leaves empty
 * fields out; on update every form field is sent, an emptied one as null (cleared), through the
 * shared update schema.
 */
export function toPlacePayload(values: PlaceFormValues, mode: 'create' | 'update'): PlaceCreateInput | PlaceUpdateInput {
  return mode === 'create' ? placeCreateSchema.parse(values) : placeUpdateSchema.parse(values);
}
