import { z } from 'zod';
import type { Place } from '../../shared/schemas/entities.ts';
import { isHttpUrl, isImageRef } from './forms.ts';

/**
 * The admin place form (spec §3/§5): the same rules and messages as the public add-place form —
 * name at least 1 character; category required ('select category'); phone, WhatsApp and manager phone
 * an optional leading + then 6–20 digits, spaces, hyphens or parentheses ('Invalid phone'); website,
 * map and YouTube links empty or a URL with protocol; logo and image empty, a URL with protocol or a
 * /uploads/ path ('invalid URL'); other texts free. Values are the inputs' strings.
 */
export const PLACE_MESSAGES = {
  nameRequired: 'Name is required',
  selectCategory: 'select category',
  invalidPhone: 'Invalid phone',
  invalidUrl: 'invalid URL',
} as const;

const PHONE_RE = /^\+?[\d\s\-()]{6,20}$/;
const text = z.string().trim().max(4000);
const phone = z.string().trim().refine((v) => v === '' || PHONE_RE.test(v), PLACE_MESSAGES.invalidPhone);
const link = z.string().trim().max(2048).refine((v) => v === '' || isHttpUrl(v), PLACE_MESSAGES.invalidUrl);
const image = z.string().trim().max(2048).refine((v) => v === '' || isImageRef(v), PLACE_MESSAGES.invalidUrl);

export const placeFormSchema = z.object({
  name: z.string().trim().min(1, PLACE_MESSAGES.nameRequired).max(200),
  nameAr: z.string().trim().max(200),
  categoryId: z.string().refine((v) => Number(v) >= 1, PLACE_MESSAGES.selectCategory),
  zoneId: z.string(),
  logoUrl: image,
  address: text,
  addressAr: text,
  phone,
  whatsapp: phone,
  websiteUrl: link,
  mapUrl: link,
  managerName: z.string().trim().max(200),
  managerNameAr: z.string().trim().max(200),
  managerPhone: phone,
  description: text,
  imageUrl: image,
  youtubeUrl: link,
});
export type PlaceFormValues = z.input<typeof placeFormSchema>;
export type PlaceFormOutput = z.output<typeof placeFormSchema>;

export const emptyPlaceForm: PlaceFormValues = {
  name: '', nameAr: '', categoryId: '', zoneId: '', logoUrl: '', address: '', addressAr: '', phone: '', whatsapp: '',
  websiteUrl: '', mapUrl: '', managerName: '', managerNameAr: '', managerPhone: '', description: '', imageUrl: '', youtubeUrl: '',
};

/** Form values of a stored place. */
export function placeToForm(p: Place): PlaceFormValues {
  return {
    name: p.name, nameAr: p.nameAr ?? '', categoryId: String(p.categoryId), zoneId: p.zoneId ? String(p.zoneId) : '',
    logoUrl: p.logoUrl ?? '', address: p.address ?? '', addressAr: p.addressAr ?? '', phone: p.phone ?? '',
    whatsapp: p.whatsapp ?? '', websiteUrl: p.websiteUrl ?? '', mapUrl: p.mapUrl ?? '', managerName: p.managerName ?? '',
    managerNameAr: p.managerNameAr ?? '', managerPhone: p.managerPhone ?? '', description: p.details.description ?? '',
    imageUrl: p.details.imageUrl ?? '', youtubeUrl: p.details.youtubeUrl ?? '',
  };
}

const OPTIONAL = ['nameAr', 'logoUrl', 'address', 'addressAr', 'phone', 'whatsapp', 'websiteUrl', 'mapUrl', 'managerName', 'managerNameAr', 'managerPhone'] as const;

/**
 * The place payload (spec §3): name and categoryId, optional fields, details {description, imageUrl,
 * youtubeUrl}. On create empty fields are omitted; on update they are sent as null (cleared), and a
 * missing zone as zoneId null.
 */
export function toPlacePayload(v: PlaceFormOutput, mode: 'create' | 'update'): Record<string, unknown> {
  const out: Record<string, unknown> = { name: v.name, categoryId: Number(v.categoryId) };
  if (v.zoneId) out.zoneId = Number(v.zoneId);
  else if (mode === 'update') out.zoneId = null;
  for (const key of OPTIONAL) {
    if (v[key]) out[key] = v[key];
    else if (mode === 'update') out[key] = null;
  }
  const details: Record<string, string | null> = {};
  for (const [key, value] of [['description', v.description], ['imageUrl', v.imageUrl], ['youtubeUrl', v.youtubeUrl]] as const) {
    if (value) details[key] = value;
    else if (mode === 'update') details[key] = null;
  }
  if (Object.keys(details).length > 0) out.details = details;
  return out;
}
