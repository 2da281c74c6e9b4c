import { describe, expect, it } from 'vitest';
import { answerTags, parseChangePayload, touches } from './cache-tags.ts';

const q = (s = '') => new URLSearchParams(s);
const none = () => undefined;

describe('cache tags (decision 042)', () => {
  it('reads a notification: its tags, or everything for `*`, an empty or an old-style payload', () => {
    expect(parseChangePayload('p:a pl:*:* search')).toEqual(new Set(['p:a', 'pl:*:*', 'search']));
    expect(parseChangePayload('*')).toBe('all');
    expect(parseChangePayload('p:a *')).toBe('all');
    expect(parseChangePayload('')).toBe('all');
    expect(parseChangePayload('public.places')).toBe('all'); // decision 011's payload (a server older than the migration's)
  });

  it('tags lists by their category and zone filters, searched ones also `search`, and by the places they show', () => {
    const places = (...slugs: string[]) => () => ({ data: slugs.map((slug) => ({ slug, category: { slug: 'cafes' } })), meta: { total: 40 } });
    expect(answerTags('/api/public/places', q(), places('a', 'b'), 6)).toEqual(['pl:*:*', 'p:a', 'p:b']);
    expect(answerTags('/api/public/places', q('categorySlug=cafes&zoneSlug=olaya&search=x'), places(), 6)).toEqual(['pl:cafes:olaya', 'search']);
    expect(answerTags('/api/public/categories/cafes/places', q('zoneSlug=olaya'), places('a'), 6)).toEqual(['pl:cafes:olaya', 'p:a']);
    expect(answerTags('/api/public/zones/olaya/places', q(), places('b'), 6)).toEqual(['pl:*:olaya', 'p:b']);
    // a list whose places cannot be read (an error's body, another shape) goes with any change
    expect(answerTags('/api/public/places', q(), none, 6)).toEqual(['pl:*:*', 'any']);
    expect(answerTags('/api/public/zones/olaya/places', q(), () => ({ data: { slug: 'a' } }), 6)).toEqual(['pl:*:olaya', 'any']);
    expect(answerTags('/api/public/map/markers', q('zoneSlug=olaya&bbox=1,2,3,4&zoom=3'), none, 6)).toEqual(['mk:*:olaya']);
    expect(answerTags('/api/public/search', q('q=x'), none, 6)).toContain('search');
    expect(answerTags('/api/public/categories', q(), none, 6)).toEqual(['cats']);
    expect(answerTags('/api/public/zones/olaya', q(), none, 6)).toEqual(['z:olaya']);
    expect(answerTags('/api/website-settings', q(), none, 6)).toEqual(['settings']);
    expect(answerTags('/api/public/places/x/share', q(), none, 6)).toEqual(['any']);
    expect(answerTags('/api/public/duplicates', q(), none, 6)).toEqual(['any']);
  });

  it('tags a detail by its slug, its related places, and the related lists it could gain a place from', () => {
    const related = (zones: (string | null)[]) => zones.map((z, i) => ({ slug: `r${i}`, zone: z ? { slug: z } : null }));
    const full = answerTags('/api/public/places/a', q(), () => ({ data: { category: { slug: 'cafes' }, zone: { slug: 'olaya' }, related: related(Array(6).fill('olaya')) } }), 6);
    expect(full).toEqual(['p:a', 'p:r0', 'p:r1', 'p:r2', 'p:r3', 'p:r4', 'p:r5', 'rel:cafes:olaya']);
    const short = answerTags('/api/public/places/a', q(), () => ({ data: { category: { slug: 'cafes' }, zone: { slug: 'olaya' }, related: related(['olaya', 'malaz']) } }), 6);
    expect(short).toEqual(['p:a', 'p:r0', 'p:r1', 'rel:cafes:olaya', 'rel:cafes']);
    const noZone = answerTags('/api/public/places/a', q(), () => ({ data: { category: { slug: 'cafes' }, zone: null, related: [] } }), 6);
    expect(noZone).toEqual(['p:a', 'rel:cafes']);
    expect(answerTags('/api/public/places/missing', q(), none, 6)).toEqual(['p:missing']); // a 404 has no body to read
  });

  it('an entry goes when it shares a tag with the change, or is `any`, or the change is everything', () => {
    expect(touches(['p:a', 'pl:*:*'], new Set(['pl:*:*']))).toBe(true);
    expect(touches(['p:a'], new Set(['p:b']))).toBe(false);
    expect(touches(['any'], new Set(['p:b']))).toBe(true);
    expect(touches(['p:a'], 'all')).toBe(true);
  });
});
