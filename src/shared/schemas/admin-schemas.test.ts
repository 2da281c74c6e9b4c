import { describe, expect, it } from 'vitest';
import {
  categoryCreateSchema, categoryUpdateSchema, reorderBodySchema, REORDER_MESSAGES, websiteSettingsUpdateSchema, zoneCreateSchema,
} from './admin-schemas.ts';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('admin schemas', () => {
  it('reorder: ids unique, orders exactly 1…n', () => {
    expect(reorderBodySchema.safeParse({ order: [{ id: 3, order: 2 }, { id: 9, order: 1 }] }).success).toBe(true);
    expect(reorderBodySchema.safeParse({ order: [] }).success).toBe(true);
    expect(messages(reorderBodySchema.safeParse({ order: [{ id: 3, order: 1 }, { id: 3, order: 2 }] }))).toContain(REORDER_MESSAGES.duplicate_id);
    for (const orders of [[0, 1], [2, 3], [1, 1], [1, 3]]) {
      const r = reorderBodySchema.safeParse({ order: orders.map((order, i) => ({ id: i + 1, order })) });
      expect(messages(r), String(orders)).toContain(REORDER_MESSAGES.not_from_one);
    }
    expect(messages(reorderBodySchema.safeParse({ order: 'x' }))).toContain(REORDER_MESSAGES.invalid);
    expect(reorderBodySchema.safeParse({ order: [{ id: '1', order: 1 }] }).success).toBe(false);
  });

  it('category: trimmed name required, empty optional fields → null, slug normalised or absent', () => {
    expect(categoryCreateSchema.parse({ name: ' Cafés ', nameAr: '', iconUrl: null, slug: '' })).toEqual({ name: 'Cafés', nameAr: null, iconUrl: null, slug: undefined });
    expect(categoryCreateSchema.parse({ name: 'A', slug: ' My-Slug ' }).slug).toBe('my-slug');
    expect(messages(categoryCreateSchema.safeParse({ name: '  ' }))).toEqual(['Name is required']);
    expect(messages(categoryCreateSchema.safeParse({ name: 'A', iconUrl: 'x.png' }))).toEqual(['invalid URL']);
    expect(categoryCreateSchema.parse({ name: 'A', iconUrl: '/uploads/categories/x.png' }).iconUrl).toBe('/uploads/categories/x.png');
    expect(categoryUpdateSchema.parse({})).toEqual({});
  });

  it('zone: order an integer, location URL with protocol', () => {
    expect(messages(zoneCreateSchema.safeParse({ title: 'Z', order: 1.5 }))).toEqual(['Order must be an integer']);
    expect(messages(zoneCreateSchema.safeParse({ title: 'Z', locationUrl: 'maps.example' }))).toEqual(['invalid URL']);
    expect(messages(zoneCreateSchema.safeParse({ title: '' }))).toEqual(['Title is required']);
  });

  it('website settings: trimmed; site name required; empty Arabic name → null; logo null/"" removes, absent keeps', () => {
    expect(websiteSettingsUpdateSchema.parse({ siteName: ' X ', siteNameAr: '  ', logoUrl: '', siteDescription: ' d ' }))
      .toEqual({ siteName: 'X', siteNameAr: null, logoUrl: null, siteDescription: 'd', siteDescriptionAr: undefined });
    expect(websiteSettingsUpdateSchema.parse({ siteName: 'X' })).toEqual({ siteName: 'X', siteNameAr: null, logoUrl: undefined, siteDescription: undefined, siteDescriptionAr: undefined });
    expect(messages(websiteSettingsUpdateSchema.safeParse({ siteName: ' ' }))).toEqual(['Site name is required']);
  });
});
