import { describe, expect, it } from 'vitest';
import { isImageUrl, placeCreateSchema, placeUpdateSchema } from './place-form-schemas.ts';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('placeCreateSchema', () => {
  it('keeps name and categoryId and only the optional fields that carry a value (trimmed)', () => {
    const out = placeCreateSchema.parse({
      name: '  Blue Cafe ', categoryId: 3, nameAr: '', zoneId: null, phone: ' +966 11 (234)-5678 ', websiteUrl: 'https://blue.example',
      logoUrl: '/uploads/places/a.png', address: '   ', details: { description: '', imageUrl: 'http://img.example/x.jpg', youtubeUrl: null },
      unknownField: 'dropped',
    });
    expect(out).toEqual({
      name: 'Blue Cafe', categoryId: 3, phone: '+966 11 (234)-5678', websiteUrl: 'https://blue.example',
      logoUrl: '/uploads/places/a.png', details: { imageUrl: 'http://img.example/x.jpg' },
    });
    expect(placeCreateSchema.parse({ name: 'A', categoryId: 1, details: { description: ' ' } })).toEqual({ name: 'A', categoryId: 1 });
  });

  it("answers the spec's messages", () => {
    const r = placeCreateSchema.safeParse({
      name: ' ', categoryId: 0, phone: '12345', whatsapp: 'abc-def-ghi', managerPhone: '+'.padEnd(22, '1'),
      websiteUrl: 'ftp://x.example', mapUrl: 'maps', logoUrl: 'javascript:alert(1)', details: { imageUrl: '/static/a.png', youtubeUrl: 'www.youtube.com/watch?v=abc' },
    });
    expect(issues(r)).toEqual({
      name: 'Name is required', categoryId: 'select category', phone: 'Invalid phone', whatsapp: 'Invalid phone',
      managerPhone: 'Invalid phone', websiteUrl: 'invalid URL', mapUrl: 'invalid URL', logoUrl: 'invalid URL',
      'details.imageUrl': 'invalid URL', 'details.youtubeUrl': 'invalid URL',
    });
    expect(issues(placeCreateSchema.safeParse({}))).toEqual({ name: 'Name is required', categoryId: 'select category' });
  });

  it('accepts image references that are http(s) URLs or /uploads/ paths only', () => {
    expect(isImageUrl('/uploads/places/x.png')).toBe(true);
    expect(isImageUrl('https://cdn.example/x.png')).toBe(true);
    for (const bad of ['/uploads/', 'uploads/x.png', 'data:image/png;base64,AAAA', 'http://', 'https://a b.example/x.png']) expect(isImageUrl(bad), bad).toBe(false);
  });
});

describe('placeUpdateSchema', () => {
  it('keeps only given fields; null or empty clears an optional field', () => {
    expect(placeUpdateSchema.parse({ phone: '', nameAr: null, zoneId: null, details: { imageUrl: '' } })).toEqual({
      phone: null, nameAr: null, zoneId: null, details: { imageUrl: null },
    });
    expect(placeUpdateSchema.parse({})).toEqual({});
    expect(placeUpdateSchema.parse({ details: null })).toEqual({ details: { description: null, imageUrl: null, youtubeUrl: null } });
  });

  it('never clears name or category', () => {
    expect(issues(placeUpdateSchema.safeParse({ name: '', categoryId: null }))).toEqual({ name: 'Name is required', categoryId: 'select category' });
  });
});
