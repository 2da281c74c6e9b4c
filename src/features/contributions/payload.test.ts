import { describe, expect, it } from 'vitest';
import { emptyPlaceForm, placeToForm, type PlaceFormValues } from '../../components/place-form/form-values.ts';
import type { Place } from '../../shared/schemas/entity-schemas.ts';
import { toCreatePayload, toEditChanges } from './payload.ts';
import { withArabicNameFallback } from '../../components/place-form/form-values.ts';

const place: Place = {
  id: 7, slug: 'blue-cafe', name: 'Blue Cafe', nameAr: 'المقهى الأزرق', logoUrl: '/uploads/places/logo.png',
  address: 'King Fahd Rd', addressAr: null, phone: '+966 11 555 0101', whatsapp: null, websiteUrl: 'https://blue.example',
  mapUrl: null, latitude: null, longitude: null, openingHours: null, openNow: null, categoryId: 3, zoneId: 4, buildingId: null, building: null,
  category: { id: 3, name: 'Cafes', nameAr: null, slug: 'cafes' }, zone: { id: 4, title: 'Olaya', titleAr: null, slug: 'olaya' },
  details: { description: 'Coffee', imageUrl: null, youtubeUrl: 'https://youtu.be/abcdefg' },
  managerName: 'Sara', managerNameAr: null, managerPhone: null, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
};

describe('create payload', () => {
  it('keeps name and category and leaves every empty field out (the Arabic name too)', () => {
    const values: PlaceFormValues = { ...emptyPlaceForm, name: '  Blue Cafe ', categoryId: 3, nameAr: '   ', phone: '', details: { description: '', imageUrl: '', youtubeUrl: '' } };
    expect(toCreatePayload(values)).toEqual({ name: 'Blue Cafe', categoryId: 3 });
  });

  it('sends the given optional fields, trimmed, with details only when one is set', () => {
    const values: PlaceFormValues = {
      ...emptyPlaceForm, name: 'Blue Cafe', nameAr: ' المقهى الأزرق ', categoryId: 3, zoneId: 4, logoUrl: '/uploads/places/a.png',
      managerPhone: '+966 50 000 0000', details: { description: '', imageUrl: 'https://cdn.example/a.jpg', youtubeUrl: '' },
    };
    expect(toCreatePayload(values)).toEqual({
      name: 'Blue Cafe', nameAr: 'المقهى الأزرق', categoryId: 3, zoneId: 4, logoUrl: '/uploads/places/a.png',
      managerPhone: '+966 50 000 0000', details: { imageUrl: 'https://cdn.example/a.jpg' },
    });
  });

  it('refuses what the spec rules refuse', () => {
    expect(() => toCreatePayload({ ...emptyPlaceForm, name: 'X', categoryId: 3, phone: '12' })).toThrow('Invalid phone');
    expect(() => toCreatePayload({ ...emptyPlaceForm, name: 'X', categoryId: 3, logoUrl: 'ftp://x/a.png' })).toThrow('invalid URL');
  });
});

describe('edit changes', () => {
  const original = placeToForm(place);

  it('is empty when nothing differs, whitespace included', () => {
    expect(toEditChanges(original, { ...original, name: ' Blue Cafe ', address: 'King Fahd Rd  ' })).toEqual({});
  });

  it('holds only the changed fields, an emptied one as null (cleared)', () => {
    const values = { ...original, phone: '+966 11 555 0202', nameAr: '', zoneId: null, whatsapp: '0500000000' };
    expect(toEditChanges(original, values)).toEqual({ phone: '+966 11 555 0202', nameAr: null, zoneId: null, whatsapp: '0500000000' });
  });

  it('compares details one by one', () => {
    const values = { ...original, details: { description: 'Coffee', imageUrl: '/uploads/places/main.png', youtubeUrl: '' } };
    expect(toEditChanges(original, values)).toEqual({ details: { imageUrl: '/uploads/places/main.png', youtubeUrl: null } });
  });

  it('reports a new category and a removed logo', () => {
    expect(toEditChanges(original, { ...original, categoryId: 5, logoUrl: '' })).toEqual({ categoryId: 5, logoUrl: null });
  });
});

describe('Arabic name only (Arabic pages)', () => {
  it('uses the Arabic name for the required name when the English one is empty, and keeps a given English name', () => {
    const onlyArabic: PlaceFormValues = { ...emptyPlaceForm, name: '  ', nameAr: ' مخبز الديرة ', categoryId: 3 };
    expect(toCreatePayload(withArabicNameFallback(onlyArabic))).toMatchObject({ name: 'مخبز الديرة', nameAr: 'مخبز الديرة', categoryId: 3 });
    const both: PlaceFormValues = { ...emptyPlaceForm, name: 'Deira Bakery', nameAr: 'مخبز الديرة', categoryId: 3 };
    expect(toCreatePayload(withArabicNameFallback(both)).name).toBe('Deira Bakery');
    const neither: PlaceFormValues = { ...emptyPlaceForm, categoryId: 3 };
    expect(() => toCreatePayload(withArabicNameFallback(neither))).toThrow();
  });
});
