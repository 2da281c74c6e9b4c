import type { z } from 'zod';
import { PLACE_FIELD_MESSAGES, placeCreateSchema, placeUpdateSchema, type PlaceCreateInput, type PlaceUpdateInput } from '../../shared/schemas/place-form.ts';
import type { Place } from '../../shared/schemas/entities.ts';

/**
 * The admin place form on the shared payload schema (src/shared/schemas/place-form.ts: the public
 * form's rules and messages, spec §5). Form values have the payload's shape — `details.*` nested,
 * `categoryId`/`zoneId` numbers (a select's '' reads as none) — so the same schema validates them.
 */
export const PLACE_MESSAGES = PLACE_FIELD_MESSAGES;

export const placeFormSchema = placeCreateSchema;
export type PlaceFormValues = z.input<typeof placeCreateSchema>;

export const emptyPlaceForm: PlaceFormValues = {
  name: '', nameAr: '', categoryId: undefined as unknown as number, zoneId: null, logoUrl: '', address: '', addressAr: '',
  phone: '', whatsapp: '', websiteUrl: '', mapUrl: '', managerName: '', managerNameAr: '', managerPhone: '',
  details: { description: '', imageUrl: '', youtubeUrl: '' },
};

/** Form values of a stored place. */
export function placeToForm(p: Place): PlaceFormValues {
  return {
    name: p.name, nameAr: p.nameAr ?? '', categoryId: p.categoryId, zoneId: p.zoneId, logoUrl: p.logoUrl ?? '',
    address: p.address ?? '', addressAr: p.addressAr ?? '', phone: p.phone ?? '', whatsapp: p.whatsapp ?? '',
    websiteUrl: p.websiteUrl ?? '', mapUrl: p.mapUrl ?? '', managerName: p.managerName ?? '', managerNameAr: p.managerNameAr ?? '',
    managerPhone: p.managerPhone ?? '',
    details: { description: p.details.description ?? '', imageUrl: p.details.imageUrl ?? '', youtubeUrl: p.details.youtubeUrl ?? '' },
  };
}

/** A select's value as an id: '' (none) → null. */
export const selectId = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/**
 * The request body (spec §3) from valid form values: on create the shared create schema leaves empty
 * fields out; on update every form field is sent, an emptied one as null (cleared), through the
 * shared update schema.
 */
export function toPlacePayload(values: PlaceFormValues, mode: 'create' | 'update'): PlaceCreateInput | PlaceUpdateInput {
  return mode === 'create' ? placeCreateSchema.parse(values) : placeUpdateSchema.parse(values);
}
