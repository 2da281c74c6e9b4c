// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-client-error.ts';
import { apiRequest, publicSchema, setApiTransport } from './api-client.ts';

/**
 * Response checks with schemas loaded on demand (`publicSchema`, decision 036): the public pages' calls no longer
 * carry zod in their first scripts, but every answer is still checked before the caller sees it.
 */
const ok = (body: unknown) => async () => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const category = { id: 1, name: 'Pharmacies', nameAr: null, slug: 'pharmacies', iconUrl: null, placesCount: 3 };

afterEach(() => setApiTransport((url, init) => fetch(url, init)));

describe('apiRequest with a lazily loaded public schema', () => {
  it('returns an answer that matches the schema, as the schema outputs it', async () => {
    setApiTransport(ok({ success: true, data: { ...category, extra: 'dropped' } }));
    await expect(apiRequest('/public/categories/pharmacies', { schema: publicSchema('category') })).resolves.toEqual(category);
  });

  it('refuses an answer of the wrong shape with invalid_response', async () => {
    setApiTransport(ok({ success: true, data: { ...category, placesCount: 'three' } }));
    const error = await apiRequest('/public/categories/pharmacies', { schema: publicSchema('category') }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('invalid_response');
  });

  it('checks the whole envelope of a list (envelope: true)', async () => {
    setApiTransport(ok({ success: true, data: [], meta: { page: 1, limit: 12 } }));
    const error = await apiRequest('/public/places', { schema: publicSchema('placesPage'), envelope: true }).catch((e: unknown) => e);
    expect((error as ApiError).code).toBe('invalid_response');
  });

  it('answers a network error when the schema cannot be loaded, and never returns the unchecked answer', async () => {
    setApiTransport(ok({ success: true, data: category }));
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const error = await apiRequest('/public/categories/pharmacies', { schema: failing }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).code).toBe('network_error');
  });

  it('reports the HTTP error, not the schema, when the request fails first', async () => {
    setApiTransport(async () => new Response(JSON.stringify({ success: false, error: { code: 'not_found', message: 'No such place' } }), { status: 404 }));
    const failing = () => Promise.reject(new Error('not loaded'));
    const error = await apiRequest('/public/places/nope', { schema: failing }).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).code).toBe('not_found');
  });
});
