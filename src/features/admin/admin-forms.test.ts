import { describe, expect, it } from 'vitest';
import { checkImageFile } from '../../components/ui/image-upload.tsx';
import { toSettingsUpdate } from './api/admin-website-settings-api.ts';
import { toOrder } from './api/use-optimistic-reorder.ts';
import { buildingCreateSchema, categoryCreateSchema, zoneCreateSchema } from '../../shared/schemas/admin-schemas.ts';
import { buildingFormSchema, categoryFormSchema, isHttpUrl, optionalFields, zoneFormSchema } from './admin-forms.ts';
import { PLACE_MESSAGES, emptyPlaceForm, placeFormSchema, selectId, toPlacePayload, type PlaceFormValues } from './admin-place-form.ts';

const zone = { title: 'Olaya', titleAr: '', slug: '', order: '1', locationUrl: '', description: '', descriptionAr: '' };

describe('zone form', () => {
  it('accepts whole-number orders and turns them into numbers', () => {
    expect(zoneFormSchema.parse({ ...zone, order: ' 12 ' }).order).toBe(12);
    expect(zoneFormSchema.parse({ ...zone, order: '-3' }).order).toBe(-3);
  });
  it.each(['1.5', 'abc', '', '1e3'])('refuses the order %j', (order) => {
    const r = zoneFormSchema.safeParse({ ...zone, order });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['order'], message: 'validation.orderInteger' });
  });
  it('requires a title and checks the optional slug and location URL', () => {
    expect(zoneFormSchema.safeParse({ ...zone, title: '  ' }).error?.issues[0].message).toBe('validation.titleRequired');
    expect(zoneFormSchema.safeParse({ ...zone, slug: 'Bad Slug' }).error?.issues[0].message).toBe('validation.invalidSlug');
    expect(zoneFormSchema.parse({ ...zone, slug: 'Al-Olaya' }).slug).toBe('al-olaya');
    expect(zoneFormSchema.safeParse({ ...zone, locationUrl: 'maps.example/x' }).error?.issues[0].message).toBe('validation.invalidUrl');
    expect(zoneFormSchema.parse({ ...zone, locationUrl: ' https://maps.example/x ' }).locationUrl).toBe('https://maps.example/x');
  });
});

describe('building and category forms', () => {
  it('building needs a name and an integer order', () => {
    const base = { name: 'Tower', nameAr: '', number: '', description: '', descriptionAr: '', mapUrl: '', hasDetails: true, order: '2' };
    expect(buildingFormSchema.parse(base)).toMatchObject({ name: 'Tower', order: 2, hasDetails: true });
    expect(buildingFormSchema.safeParse({ ...base, name: '' }).success).toBe(false);
    expect(buildingFormSchema.safeParse({ ...base, order: '2.5' }).success).toBe(false);
  });
  it('category icon is empty, an http(s) URL or an /uploads/ path', () => {
    const base = { name: 'Cafes', nameAr: '', slug: '', iconUrl: '' };
    expect(categoryFormSchema.safeParse({ ...base, iconUrl: '/uploads/categories/a.png' }).success).toBe(true);
    expect(categoryFormSchema.safeParse({ ...base, iconUrl: 'https://cdn.example/a.png' }).success).toBe(true);
    expect(categoryFormSchema.safeParse({ ...base, iconUrl: 'javascript:alert(1)' }).success).toBe(false);
    expect(categoryFormSchema.safeParse({ ...base, iconUrl: 'uploads/a.png' }).success).toBe(false);
  });
  it('isHttpUrl wants a protocol and a host', () => {
    expect(isHttpUrl('https://a.example')).toBe(true);
    expect(isHttpUrl('ftp://a.example')).toBe(false);
    expect(isHttpUrl('a.example')).toBe(false);
  });
});

describe('optional fields of request bodies', () => {
  it('omits empty fields on create and clears them with null on update', () => {
    const v = { titleAr: '', description: 'x' };
    expect(optionalFields(v, ['titleAr', 'description'], 'create')).toEqual({ description: 'x' });
    expect(optionalFields(v, ['titleAr', 'description'], 'update')).toEqual({ titleAr: null, description: 'x' });
  });
});

describe('place form on the shared schema', () => {
  const valid: PlaceFormValues = { ...emptyPlaceForm, name: 'Cafe', categoryId: 3 };
  const firstMessage = (values: object) => placeFormSchema.safeParse(values).error?.issues[0].message;
  it('requires a name and a category (an empty select reads as none)', () => {
    expect(firstMessage({ ...valid, name: '  ' })).toBe(PLACE_MESSAGES.nameRequired);
    expect(firstMessage({ ...valid, categoryId: selectId('') ?? undefined })).toBe(PLACE_MESSAGES.selectCategory);
    expect(selectId('7')).toBe(7);
  });
  it.each([['+966 11 (555)-1234', true], ['123456', true], ['12345', false], ['+1234567890123456789012', false], ['12a4567', false]])('phone %j valid=%s', (phone, ok) => {
    expect(placeFormSchema.safeParse({ ...valid, phone, whatsapp: phone, managerPhone: phone }).success).toBe(ok);
  });
  it('checks links and image references, nested details included', () => {
    expect(firstMessage({ ...valid, websiteUrl: 'example.com' })).toBe(PLACE_MESSAGES.invalidUrl);
    expect(firstMessage({ ...valid, logoUrl: '/tmp/x.png' })).toBe(PLACE_MESSAGES.invalidUrl);
    const bad = placeFormSchema.safeParse({ ...valid, details: { description: '', imageUrl: 'x.png', youtubeUrl: '' } });
    expect(bad.error?.issues[0].path).toEqual(['details', 'imageUrl']);
    expect(placeFormSchema.safeParse({ ...valid, logoUrl: '/uploads/places/x.png', details: { description: '', imageUrl: 'https://i.example/x.jpg', youtubeUrl: '' } }).success).toBe(true);
  });
  it('builds the payload: empty fields omitted on create, cleared with null on update', () => {
    const values = { ...valid, phone: ' 0555 123 456 ', details: { description: '', imageUrl: '', youtubeUrl: 'https://youtu.be/abcdef' } };
    expect(toPlacePayload(values, 'create')).toEqual({ name: 'Cafe', categoryId: 3, phone: '0555 123 456', details: { youtubeUrl: 'https://youtu.be/abcdef' } });
    expect(toPlacePayload(values, 'update')).toMatchObject({
      name: 'Cafe', categoryId: 3, zoneId: null, nameAr: null, logoUrl: null, phone: '0555 123 456',
      details: { description: null, imageUrl: null, youtubeUrl: 'https://youtu.be/abcdef' },
    });
  });
});

describe('website settings update', () => {
  const current = { logoUrl: '/uploads/website/a.png', siteName: 'Dalil', siteNameAr: 'دليل', siteDescription: 'd', siteDescriptionAr: 'و' };
  it('trims texts and leaves an empty Arabic name out', () => {
    const body = toSettingsUpdate(current, { siteName: '  New  ', siteNameAr: '   ', siteDescription: ' x ' });
    expect(body).toEqual({ logoUrl: '/uploads/website/a.png', siteName: 'New', siteDescription: 'x', siteDescriptionAr: 'و' });
    expect('siteNameAr' in body).toBe(false);
  });
  it('sends a removed logo as null', () => {
    expect(toSettingsUpdate(current, { logoUrl: null }).logoUrl).toBeNull();
    expect(toSettingsUpdate(current, { logoUrl: '  ' }).logoUrl).toBeNull();
  });
  it('sends an edited time zone trimmed, and none when not edited (the stored one is kept)', () => {
    expect(toSettingsUpdate(current, { timeZone: ' Europe/London ' }).timeZone).toBe('Europe/London');
    expect('timeZone' in toSettingsUpdate(current, { siteName: 'X' })).toBe(false);
  });
});

describe('reorder body and image checks', () => {
  it('numbers positions from 1 in display order', () => {
    expect(toOrder([{ id: 9 }, { id: 4 }, { id: 7 }])).toEqual([{ id: 9, order: 1 }, { id: 4, order: 2 }, { id: 7, order: 3 }]);
  });
  it('accepts PNG/JPG/GIF up to 5 MB (5 242 880 bytes)', () => {
    expect(checkImageFile({ type: 'image/png', size: 5_242_880 })).toBeNull();
    expect(checkImageFile({ type: 'image/gif', size: 5_242_881 })).toBe('fileTooLarge');
    expect(checkImageFile({ type: 'application/pdf', size: 10 })).toBe('invalidFileType');
    expect(checkImageFile({ type: 'image/svg+xml', size: 10 })).toBe('invalidFileType');
  });
});

describe('admin forms refuse exactly what the API refuses (limits from src/shared)', () => {
  const building = { name: 'B', nameAr: '', number: '', description: '', descriptionAr: '', mapUrl: '', hasDetails: false, order: '1' };
  const category = { name: 'C', nameAr: '', slug: '', iconUrl: '' };
  it.each([
    ['zone description', (n: number) => zoneFormSchema.safeParse({ ...zone, description: 'x'.repeat(n) }), (n: number) => zoneCreateSchema.safeParse({ title: 'Z', description: 'x'.repeat(n) }), 5000],
    ['building number', (n: number) => buildingFormSchema.safeParse({ ...building, number: '1'.repeat(n) }), (n: number) => buildingCreateSchema.safeParse({ name: 'B', number: '1'.repeat(n) }), 40],
    ['category slug', (n: number) => categoryFormSchema.safeParse({ ...category, slug: 'a'.repeat(n) }), (n: number) => categoryCreateSchema.safeParse({ name: 'C', slug: 'a'.repeat(n) }), 120],
  ] as const)('%s', (_, form, api, max) => {
    expect([form(max).success, api(max).success]).toEqual([true, true]);
    expect([form(max + 1).success, api(max + 1).success]).toEqual([false, false]);
  });
});
