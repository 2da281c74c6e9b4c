import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client-error.ts';
import { flattenPayload } from '../../shared/place-request-fields.ts';
import type { PlaceRequest } from '../../shared/schemas/place-request-schemas.ts';
import { decisionErrorKey, getPlaceRequests, parsePlaceRequestPage } from './api/admin-place-requests-api.ts';
import { describeValue } from '../../components/place-request/display-value.ts';
import {
  formatDateTime, rejectFormSchema, requestsFilterFromParams, requestsFilterToParams, toRequestRow,
} from './place-requests-view.ts';

const request: PlaceRequest = {
  id: 7,
  type: 'create',
  status: 'pending',
  payload: { name: 'Corner Cafe', nameAr: 'مقهى الزاوية', categoryId: 3, details: { imageUrl: '/uploads/places/a.png' } },
  place: null,
  user: { id: 'u1', email: 'sara@example.test', name: 'Sara' },
  createdAt: '2026-03-01T10:30:00.000Z',
  rejectionReason: null,
  proposedChanges: [],
  updatedImages: { logo: null, mainImage: '/uploads/places/a.png' },
  reviewedAt: null,
  reviewedBy: null,
  reviewer: null,
};
const meta = { page: 1, limit: 20, total: 1 };

describe('place-request list: checked, else raw data', () => {
  it('checks a well-formed page against the request shape', () => {
    const page = parsePlaceRequestPage({ success: true, data: [request], meta }, { page: 1, limit: 20 });
    expect(page).toEqual({ checked: true, data: [request], meta });
  });

  it('keeps the raw items and meta when an item does not match the shape', () => {
    const odd = { ...request, status: 'on-hold', user: 'sara', createdAt: 12 };
    const page = parsePlaceRequestPage({ success: true, data: [odd, request], meta }, { page: 1, limit: 20 });
    expect(page.checked).toBe(false);
    expect(page.data).toEqual([odd, request]);
    expect(page.data[0]).toBe(odd); // the very objects the server sent
    expect(page.meta).toEqual(meta);
  });

  it('falls back to the asked page and the item count without a valid meta, to the array itself or [] without data', () => {
    expect(parsePlaceRequestPage({ data: [{ id: 1 }] }, { page: 3, limit: 5 })).toEqual({ checked: false, data: [{ id: 1 }], meta: { page: 3, limit: 5, total: 1 } });
    expect(parsePlaceRequestPage([{ id: 2 }], { page: 1, limit: 5 })).toEqual({ checked: false, data: [{ id: 2 }], meta: { page: 1, limit: 5, total: 1 } });
    expect(parsePlaceRequestPage({ success: true, data: 'nope', meta: { page: 'x' } }, { page: 2, limit: 5 })).toEqual({ checked: false, data: [], meta: { page: 2, limit: 5, total: 0 } });
    expect(parsePlaceRequestPage(null, { page: 1, limit: 5 }).data).toEqual([]);
  });

  describe('getPlaceRequests (the list fetcher)', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    });
    const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

    it('sends type, status and paging, and returns a checked page', async () => {
      const fetchMock = answer(200, { success: true, data: [request], meta });
      vi.stubGlobal('fetch', fetchMock);
      const page = await getPlaceRequests({ type: 'edit', status: 'pending', page: 2, limit: 20 });
      expect(page.checked).toBe(true);
      const url = String((fetchMock.mock.calls[0] as unknown[])[0]);
      expect(url).toMatch(/\/admin\/place-requests\?/);
      expect(Object.fromEntries(new URL(url, 'http://x').searchParams)).toEqual({ type: 'edit', status: 'pending', page: '2', limit: '20' });
    });

    it('does not throw on a shape mismatch: it returns the raw data and warns', async () => {
      const raw = [{ id: 9, type: 'create', status: 'pending', payload: { name: 'Raw Place' }, createdAt: 'yesterday' }];
      vi.stubGlobal('fetch', answer(200, { success: true, data: raw, meta: { page: 1, limit: 20, total: 1 } }));
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const page = await getPlaceRequests({ type: 'create', page: 1, limit: 20 });
      expect(page).toEqual({ checked: false, data: raw, meta: { page: 1, limit: 20, total: 1 } });
      expect(warn).toHaveBeenCalledOnce();
      expect(page.data.map(toRequestRow)).toEqual([{ id: 9, type: 'create', status: 'pending', requester: null, placeName: 'Raw Place', placeNameAr: null, placeSlug: null, createdAt: null }]);
    });

    it('still throws the API error of a failed call (only the shape check falls back)', async () => {
      vi.stubGlobal('fetch', answer(403, { success: false, error: { code: 'forbidden', message: 'Forbidden' } }));
      await expect(getPlaceRequests({ page: 1, limit: 20 })).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    });
  });
});

describe('list rows', () => {
  it('shows a creation request by its proposed names and requester', () => {
    expect(toRequestRow(request)).toEqual({
      id: 7, type: 'create', status: 'pending', requester: { name: 'Sara', email: 'sara@example.test' },
      placeName: 'Corner Cafe', placeNameAr: 'مقهى الزاوية', placeSlug: null, createdAt: '2026-03-01T10:30:00.000Z',
    });
  });

  it('shows an edit request by its target place, linkable by slug', () => {
    const edit = { ...request, type: 'edit', payload: { phone: '+966 1 234 5678' }, place: { id: 4, name: 'Old Name', slug: 'old-name' } };
    expect(toRequestRow(edit)).toMatchObject({ type: 'edit', placeName: 'Old Name', placeNameAr: null, placeSlug: 'old-name' });
    expect(toRequestRow({ ...edit, place: null })).toMatchObject({ placeName: null, placeSlug: null });
    // the place's Arabic name travels with the reference, for Arabic pages
    expect(toRequestRow({ ...edit, place: { id: 4, name: 'Old Name', nameAr: 'الاسم القديم', slug: 'old-name' } }))
      .toMatchObject({ placeName: 'Old Name', placeNameAr: 'الاسم القديم' });
  });

  it('an approved creation request links to its new place', () => {
    expect(toRequestRow({ ...request, status: 'approved', place: { id: 5, name: 'Corner Cafe', slug: 'corner-cafe' } })).toMatchObject({ placeName: 'Corner Cafe', placeSlug: 'corner-cafe' });
  });

  it('reads raw items defensively and drops those without a usable id', () => {
    expect(toRequestRow({ id: '12', type: 'other', status: 3, user: { email: 'a@b.c' }, payload: [], createdAt: 'soon' }))
      .toEqual({ id: 12, type: null, status: null, requester: { name: '', email: 'a@b.c' }, placeName: null, placeNameAr: null, placeSlug: null, createdAt: null });
    for (const bad of [null, 'x', 5, [], {}, { id: 0 }, { id: -1 }, { id: 1.5 }, { id: 'abc' }]) expect(toRequestRow(bad)).toBeNull();
  });
});

describe('the filter in the URL', () => {
  it('defaults to creation requests, pending, page 1, and ignores unknown values', () => {
    expect(requestsFilterFromParams(new URLSearchParams(''))).toEqual({ type: 'create', status: 'pending', page: 1 });
    expect(requestsFilterFromParams(new URLSearchParams('type=edit&status=all&page=3'))).toEqual({ type: 'edit', status: 'all', page: 3 });
    expect(requestsFilterFromParams(new URLSearchParams('type=delete&status=maybe&page=-2'))).toEqual({ type: 'create', status: 'pending', page: 1 });
    expect(requestsFilterFromParams(new URLSearchParams('page=1.5')).page).toBe(1);
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    expect(requestsFilterToParams({ type: 'create', status: 'pending', page: 1 }, new URLSearchParams('type=edit&page=4&theme=dark')).toString()).toBe('theme=dark');
    expect(requestsFilterToParams({ type: 'edit', status: 'rejected', page: 2 }).toString()).toBe('type=edit&status=rejected&page=2');
  });
});

describe('submitted fields', () => {
  it('are flattened in the form order, details as details.<key>, unknown fields last', () => {
    expect(flattenPayload({ zz: 1, details: { youtubeUrl: 'y', description: 'd' }, phone: 'p', name: 'n', categoryId: 2 }).map(([f]) => f))
      .toEqual(['name', 'categoryId', 'phone', 'details.description', 'details.youtubeUrl', 'zz']);
    expect(flattenPayload(null)).toEqual([]);
    expect(flattenPayload([1, 2])).toEqual([]);
  });

  it('values: empty, names for ids, image previews, links, directions', () => {
    const lookups = { category: (id: number) => (id === 3 ? 'Cafes' : undefined), zone: () => undefined };
    expect(describeValue('phone', null)).toEqual({ kind: 'empty' });
    expect(describeValue('address', '   ')).toEqual({ kind: 'empty' });
    expect(describeValue('categoryId', 3, lookups)).toEqual({ kind: 'text', text: 'Cafes' });
    expect(describeValue('zoneId', 8, lookups)).toEqual({ kind: 'text', text: '#8', dir: 'ltr' });
    expect(describeValue('logoUrl', '/uploads/places/l.png')).toEqual({ kind: 'image', url: '/uploads/places/l.png' });
    expect(describeValue('details.imageUrl', 'https://img.example/a.jpg')).toEqual({ kind: 'image', url: 'https://img.example/a.jpg' });
    expect(describeValue('logoUrl', 'javascript:alert(1)')).toEqual({ kind: 'text', text: 'javascript:alert(1)' });
    expect(describeValue('websiteUrl', 'https://cafe.example')).toEqual({ kind: 'link', url: 'https://cafe.example' });
    expect(describeValue('mapUrl', 'not a url')).toEqual({ kind: 'text', text: 'not a url' });
    expect(describeValue('phone', '+966 1 234 5678')).toEqual({ kind: 'text', text: '+966 1 234 5678', dir: 'ltr' });
    expect(describeValue('nameAr', 'مقهى')).toEqual({ kind: 'text', text: 'مقهى', dir: 'rtl' });
    expect(describeValue('latitude', 24.7)).toEqual({ kind: 'text', text: '24.7', dir: 'ltr' });
    expect(describeValue('extra', { a: 1 })).toEqual({ kind: 'text', text: '{"a":1}' });
  });
});

describe('dates, reject form and decision errors', () => {
  it('formats a date-time in the page language, Gregorian in Arabic; a dash when missing', () => {
    expect(formatDateTime('2026-03-01T10:30:00.000Z', 'en')).toMatch(/Mar 1, 2026/);
    const ar = formatDateTime('2026-03-01T10:30:00.000Z', 'ar');
    expect(ar).toMatch(/2026|٢٠٢٦/); // Gregorian year (the Islamic calendar would say 1447)
    expect(ar).not.toMatch(/Mar/);
    expect(formatDateTime(null, 'en')).toBe('—');
    expect(formatDateTime('not a date', 'ar')).toBe('—');
  });

  it('requires a reason (trimmed) of at most 2000 characters', () => {
    expect(rejectFormSchema.safeParse({ reason: '   ' }).error?.issues[0].message).toBe('requests.reasonRequired');
    expect(rejectFormSchema.safeParse({ reason: 'x'.repeat(2001) }).error?.issues[0].message).toBe('validation.tooLong');
    expect(rejectFormSchema.parse({ reason: '  Closed down.  ' }).reason).toBe('Closed down.');
  });

  it('names a 409 already-decided request clearly, else the action failure', () => {
    const key = decisionErrorKey('requests.approveError');
    expect(key(new ApiError(409, 'request_already_reviewed', 'This request has already been reviewed.'))).toBe('requests.alreadyDecided');
    expect(key(new ApiError(409, 'request_not_applicable', 'This request cannot be applied: x'))).toBe('requests.approveError');
    expect(key(new Error('boom'))).toBe('requests.approveError');
  });
});
