import { z } from 'zod';
import { TEXT_LIMITS } from '../../shared/schemas/common-schemas.ts';
import { buildingCreateSchema, categoryCreateSchema, zoneCreateSchema } from '../../shared/schemas/admin-schemas.ts';
import { isHttpUrl, isImageUrl } from '../../shared/schemas/place-form-schemas.ts';
import { toWesternDigits } from '../../shared/digits.ts';

/**
 * Form schemas of the admin console. Form values are the inputs' strings; the outputs are trimmed.
 * Messages are i18n keys of the admin namespace (`validation.*`), shown translated. Each form has
 * exactly the fields of its API body (a type check below keeps them equal) and the limits of
 * src/shared (TEXT_LIMITS), so the form refuses what the API would refuse.
 */

const SLUG_RE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** URL rules shared with the place payload: http(s) with a host; images also /uploads/ paths. */
export { isHttpUrl, isImageUrl as isImageRef };

const text = (max: number) => z.string().trim().max(max, 'validation.tooLong');
const requiredText = (max: number, message: string) => z.string().trim().min(1, message).max(max, 'validation.tooLong');
const optionalUrl = z.string().trim().max(TEXT_LIMITS.url, 'validation.tooLong').refine((v) => v === '' || isHttpUrl(v), 'validation.invalidUrl');
const optionalSlug = z.string().trim().toLowerCase().max(TEXT_LIMITS.slug, 'validation.tooLong').refine((v) => v === '' || SLUG_RE.test(v), 'validation.invalidSlug');
/** Zone and building order: a whole number ("Zone order is an integer"). */
// Arabic-Indic and Persian digits count (src/shared/digits.ts)
const order = z.string().trim().transform(toWesternDigits).pipe(z.string().regex(/^-?[0-9]{1,9}$/, 'validation.orderInteger')).transform(Number);

export const zoneFormSchema = z.object({
  title: requiredText(TEXT_LIMITS.name, 'validation.titleRequired'),
  titleAr: text(TEXT_LIMITS.name),
  slug: optionalSlug,
  order,
  locationUrl: optionalUrl,
  description: text(TEXT_LIMITS.description),
  descriptionAr: text(TEXT_LIMITS.description),
});
export type ZoneFormValues = z.input<typeof zoneFormSchema>;

export const buildingFormSchema = z.object({
  name: requiredText(TEXT_LIMITS.name, 'validation.nameRequired'),
  nameAr: text(TEXT_LIMITS.name),
  number: text(TEXT_LIMITS.buildingNumber),
  description: text(TEXT_LIMITS.description),
  descriptionAr: text(TEXT_LIMITS.description),
  mapUrl: optionalUrl,
  hasDetails: z.boolean(),
  order,
});
export type BuildingFormValues = z.input<typeof buildingFormSchema>;

export const categoryFormSchema = z.object({
  name: requiredText(TEXT_LIMITS.name, 'validation.nameRequired'),
  nameAr: text(TEXT_LIMITS.name),
  slug: optionalSlug,
  iconUrl: z.string().trim().max(TEXT_LIMITS.url, 'validation.tooLong').refine((v) => v === '' || isImageUrl(v), 'validation.invalidImageUrl'),
});
export type CategoryFormValues = z.input<typeof categoryFormSchema>;

/**
 * Optional texts for a request body: on create an empty field is left out ("empty fields
 * are omitted"); on update it is sent as null so the stored value is cleared.
 */
export function optionalFields<K extends string>(values: Record<K, string>, keys: readonly K[], mode: 'create' | 'update'): Partial<Record<K, string | null>> {
  const out: Partial<Record<K, string | null>> = {};
  for (const key of keys) {
    const v = values[key];
    if (v) out[key] = v;
    else if (mode === 'update') out[key] = null;
  }
  return out;
}

/** Compile-time check: every form field is a field of its API body. */
type FieldsOf<T> = keyof z.input<T extends z.ZodType ? T : never>;
type Within<Form, Body> = Exclude<Form, Body> extends never ? true : never;
const _formFieldsAreBodyFields: [
  Within<FieldsOf<typeof zoneFormSchema>, FieldsOf<typeof zoneCreateSchema>>,
  Within<FieldsOf<typeof buildingFormSchema>, FieldsOf<typeof buildingCreateSchema>>,
  Within<FieldsOf<typeof categoryFormSchema>, FieldsOf<typeof categoryCreateSchema>>,
] = [true, true, true];
void _formFieldsAreBodyFields;
