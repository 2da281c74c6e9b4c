import { z } from 'zod';
import { isHttpUrl, isImageUrl } from '../../shared/schemas/place-form.ts';
import { toWesternDigits } from '../../shared/digits.ts';

/**
 * Form schemas of the admin console (spec §3/§5). Form values are the inputs' strings; the outputs
 * are trimmed. Messages are i18n keys of the admin namespace (`validation.*`), shown translated.
 */

const SLUG_RE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** URL rules shared with the place payload (spec §5): http(s) with a host; images also /uploads/ paths. */
export { isHttpUrl, isImageUrl as isImageRef };

const text = (max: number) => z.string().trim().max(max, 'validation.tooLong');
const requiredText = (max: number, message: string) => z.string().trim().min(1, message).max(max, 'validation.tooLong');
const optionalUrl = z.string().trim().max(2048, 'validation.tooLong').refine((v) => v === '' || isHttpUrl(v), 'validation.invalidUrl');
const optionalSlug = z.string().trim().toLowerCase().max(160, 'validation.tooLong').refine((v) => v === '' || SLUG_RE.test(v), 'validation.invalidSlug');
/** Zone and building order: a whole number (spec §5 "Zone order is an integer"). */
// Arabic-Indic and Persian digits count (src/shared/digits.ts)
const order = z.string().trim().transform(toWesternDigits).pipe(z.string().regex(/^-?[0-9]{1,9}$/, 'validation.orderInteger')).transform(Number);

export const zoneFormSchema = z.object({
  title: requiredText(200, 'validation.titleRequired'),
  titleAr: text(200),
  slug: optionalSlug,
  order,
  locationUrl: optionalUrl,
  description: text(4000),
  descriptionAr: text(4000),
});
export type ZoneFormValues = z.input<typeof zoneFormSchema>;
export type ZoneFormOutput = z.output<typeof zoneFormSchema>;

export const buildingFormSchema = z.object({
  name: requiredText(200, 'validation.nameRequired'),
  nameAr: text(200),
  number: text(50),
  description: text(4000),
  descriptionAr: text(4000),
  mapUrl: optionalUrl,
  hasDetails: z.boolean(),
  order,
});
export type BuildingFormValues = z.input<typeof buildingFormSchema>;
export type BuildingFormOutput = z.output<typeof buildingFormSchema>;

export const categoryFormSchema = z.object({
  name: requiredText(200, 'validation.nameRequired'),
  nameAr: text(200),
  slug: optionalSlug,
  iconUrl: z.string().trim().max(2048, 'validation.tooLong').refine((v) => v === '' || isImageUrl(v), 'validation.invalidImageUrl'),
});
export type CategoryFormValues = z.input<typeof categoryFormSchema>;
export type CategoryFormOutput = z.output<typeof categoryFormSchema>;

/**
 * Optional texts for a request body: on create an empty field is left out (spec §3 "empty fields
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
