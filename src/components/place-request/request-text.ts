import { useTranslation } from 'react-i18next';
import { placeFieldTextKey } from '../place-form/place-form-fields.tsx';
import type { PlaceRequest } from '../../shared/schemas/place-request-schemas.ts';
import '../../lib/late-strings.ts';

/** Payload fields the place form has no label for (common namespace keys). */
const EXTRA_FIELDS: Record<string, string> = {
  buildingId: 'contribute.form.fields.building',
  latitude: 'contribute.form.fields.latitude',
  longitude: 'contribute.form.fields.longitude',
  openingHours: 'place.hours',
};

/** The common-namespace label key of a payload field ('name', 'categoryId', 'details.imageUrl'…); null when unknown. */
export function requestFieldLabelKey(field: string): string | null {
  const key = placeFieldTextKey(field);
  if (key) return `contribute.form.${key}`;
  return EXTRA_FIELDS[field] ?? null;
}

/**
 * The one label map of place-request and history fields, in the page's language (the place form's
 * labels): `label('phone')` → 'Phone' / 'الهاتف'; an unknown field is shown by its name.
 */
export function useRequestFieldLabel(): (field: string) => string {
  const { t } = useTranslation('common');
  return (field) => {
    const key = requestFieldLabelKey(field);
    return key ? t(key) : field;
  };
}

/** The name a request is known by: the place's (edits), else the submitted name, else `#id`. */
export function requestName(request: PlaceRequest, pick: (en: string, ar?: string | null) => string): string {
  const payload = request.payload as { name?: unknown; nameAr?: unknown };
  const submitted = typeof payload.name === 'string' ? payload.name : null;
  const submittedAr = typeof payload.nameAr === 'string' ? payload.nameAr : null;
  if (request.type === 'edit' && request.place) return pick(request.place.name, request.place.nameAr);
  if (submitted) return pick(submitted, submittedAr);
  return request.place ? pick(request.place.name, request.place.nameAr) : `#${request.id}`;
}
