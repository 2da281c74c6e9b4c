import { describe, expect, it } from 'vitest';
import { isStorableText } from './common-schemas.ts';

describe('isStorableText', () => {
  it.each([
    ['', true], ['plain', true], ['مطعم', true], ['😀 pair', true], ['\u200f\u202e\u200b bidi and zero-width', true], ['<script>', true],
    ['\u0000', false], ['a\u0000b', false], ['\ud800', false], ['a\ud800b', false], ['end \ud83d', false], ['\udc00 start', false],
    ['\ude00\ud83d swapped', false],
  ])('%j → %s', (text, ok) => {
    expect(isStorableText(text)).toBe(ok);
  });
});
