import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/shared/schemas/common-schemas.ts';
import { ownerSql, testApp } from '../helpers/api.ts';

/**
 * Search must answer any text: SQL and LIKE metacharacters, tsquery syntax, backslashes, emoji,
 * control and bidi characters, lone surrogates — 200 with a well-formed body within the length
 * limit, 400 with a field error beyond it, never a 500.
 */
const sql = ownerSql();
const app = testApp(sql);
afterAll(() => sql.end());

/** Percent-encodes every UTF-8 byte (lone surrogates become U+FFFD, as any HTTP client sends them). */
const enc = (q: string) => [...Buffer.from(q, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

const ENDPOINTS = [
  (q: string) => `/api/public/search?q=${enc(q)}`,
  (q: string) => `/api/public/places?search=${enc(q)}`,
  (q: string) => `/api/public/places?sort=newest&search=${enc(q)}`,
  (q: string) => `/api/public/categories/cafes/places?search=${enc(q)}`,
];

async function get(path: string) {
  const res = await app.request(path);
  const text = await res.text();
  let body: any;
  expect(() => (body = JSON.parse(text)), `${path}: ${text.slice(0, 200)}`).not.toThrow();
  return { status: res.status, body };
}

function expectWellFormed(status: number, body: any, label: string) {
  expect(status, label).toBe(200);
  expect(body.success, label).toBe(true);
  if (Array.isArray(body.data)) {
    expect(body.meta.total, label).toBeGreaterThanOrEqual(body.data.length);
  } else {
    for (const group of ['categories', 'places', 'zones', 'buildings']) expect(Array.isArray(body.data[group]), label).toBe(true);
  }
}

const HOSTILE = [
  "'", '"', "''", "' or 1=1 --", "'); drop table public.places; --", '%', '%%', '_', '__%', '\\', '\\\\', '\\%', '\\_',
  "a'b", 'a\\b', 'a%b_c', '*', ':*', 'a:*', "'a':*A", '!a', 'a & b', 'a | b', 'a <-> b', '(a', 'a)', '&|!()<>:*',
  '$1', '$$', '::tsquery', 'null', 'undefined', '\u0000', 'a\u0000b', '\u0007\u0008\u001b', '\t\n\r',
  '😀', '☕ cafe', '👨‍👩‍👧', '🇸🇦', '\u200f\u200e', '\u200d', '\ufeff', 'ـــ', 'ًٌٍَُِّْ', '\ud800', 'a\udfffb', '𝔠𝔞𝔣𝔢',
  'Ω≈ç√∫', 'ﷺ', '﷽', '١٢٣٤٥', '+++', '---', '000000000000000', '+966', '(011) 123-4567',
  'x'.repeat(LIMITS.searchMaxLength), 'مطعم '.repeat(40).slice(0, LIMITS.searchMaxLength), 'a '.repeat(100),
];

describe('search with hostile input', () => {
  it.each(HOSTILE.map((q) => [JSON.stringify(q).slice(0, 40), q]))('answers %s with 200 on every search endpoint', async (_label, q) => {
    for (const endpoint of ENDPOINTS) {
      const { status, body } = await get(endpoint(q));
      expectWellFormed(status, body, endpoint(q).slice(0, 120));
    }
  });

  it('rejects text beyond the maximum length with 400 and a field error', async () => {
    for (const q of ['x'.repeat(LIMITS.searchMaxLength + 1), 'م'.repeat(1000), '😀'.repeat(LIMITS.searchMaxLength + 1)]) {
      for (const [i, endpoint] of ENDPOINTS.entries()) {
        const { status, body } = await get(endpoint(q));
        expect(status, `endpoint ${i}`).toBe(400);
        expect(body.error.code).toBe('validation_failed');
        expect(Object.keys(body.error.fields), `endpoint ${i}`).toContain(i === 0 ? 'q' : 'search');
      }
    }
  });

  it('answers any string within the limit (property test)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 60 }), fc.nat(ENDPOINTS.length - 1), async (q, i) => {
        const { status, body } = await get(ENDPOINTS[i]!(q));
        expectWellFormed(status, body, JSON.stringify(q));
      }),
      { numRuns: 150 },
    );
  });

  it('stays fast on the longest allowed text', async () => {
    const q = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ').slice(0, LIMITS.searchMaxLength);
    const started = performance.now();
    const { status } = await get(ENDPOINTS[0]!(q));
    expect(status).toBe(200);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('rejects a malformed or foreign cursor with 400, and serves pages past the search window empty', async () => {
    for (const cursor of ['garbage', 'W10', Buffer.from('["k","name-asc","x",1]').toString('base64url')]) {
      const res = await app.request(`/api/public/places?sort=newest&cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(400);
      const body = (await res.json()) as any;
      expect(body.error.fields.cursor, cursor).toBeDefined();
    }
    const { status, body } = await get('/api/public/places?search=a&page=5000&limit=100');
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
  });
});
