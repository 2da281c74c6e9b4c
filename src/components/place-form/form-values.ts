import type { z } from 'zod';
import type { placeCreateSchema } from '../../shared/schemas/place-form-schemas.ts';
import type { Place } from '../../shared/schemas/entity-schemas.ts';

/**
 * Values of the place form (admin and contributors) in the payload's shape: texts as typed
 * ('' when empty), `details.*` nested, `categoryId`/`zoneId` numbers (a select's '' reads as none),
 * so the shared payload schema (src/shared/schemas/place-form-schemas.ts) validates them as they are.
 */
export type PlaceFormValues = z.input<typeof placeCreateSchema>;

export const emptyPlaceForm: PlaceFormValues = {
  name: '', nameAr: '', categoryId: undefined as unknown as number, zoneId: null, logoUrl: '', address: '', addressAr: '',
  phone: '', whatsapp: '', websiteUrl: '', mapUrl: '', managerName: '', managerNameAr: '', managerPhone: '', openingHours: '',
  details: { description: '', imageUrl: '', youtubeUrl: '' },
};

/** Form values of a stored place (null fields become ''). */
export function placeToForm(p: Place): PlaceFormValues {
  return {
    name: p.name, nameAr: p.nameAr ?? '', categoryId: p.categoryId, zoneId: p.zoneId, logoUrl: p.logoUrl ?? '',
    address: p.address ?? '', addressAr: p.addressAr ?? '', phone: p.phone ?? '', whatsapp: p.whatsapp ?? '',
    websiteUrl: p.websiteUrl ?? '', mapUrl: p.mapUrl ?? '', managerName: p.managerName ?? '', managerNameAr: p.managerNameAr ?? '',
    managerPhone: p.managerPhone ?? '', openingHours: p.openingHours ?? '',
    details: { description: p.details.description ?? '', imageUrl: p.details.imageUrl ?? '', youtubeUrl: p.details.youtubeUrl ?? '' },
  };
}

/** A select's value as an id: '' (none) → null. */
export const selectId = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/** Form field paths, `details.*` flattened (where server field errors such as `details.imageUrl` land). */
export const PLACE_FORM_FIELDS = [...Object.keys(emptyPlaceForm).filter((k) => k !== 'details'), 'details.description', 'details.imageUrl', 'details.youtubeUrl'];

/**
 * Form values with the Arabic name standing in for an empty English one (the API requires `name`):
 * on Arabic pages a contributor who knows only the Arabic name can propose the place.
 */
export function withArabicNameFallback(values: PlaceFormValues): PlaceFormValues {
  const name = typeof values.name === 'string' ? values.name.trim() : '';
  const nameAr = typeof values.nameAr === 'string' ? values.nameAr.trim() : '';
  return name || !nameAr ? values : { ...values, name: nameAr };
}
