import { describe, expect, it } from 'vitest';
import { addMessages, langFromHeader, message, MESSAGES } from './messages.ts';

describe('langFromHeader', () => {
  it.each([
    ['ar', 'ar'], ['ar-SA', 'ar'], ['AR-sa,en;q=0.8', 'ar'], [' ar ;q=1', 'ar'],
    ['en-US,ar;q=0.9', 'en'], ['fr', 'en'], ['', 'en'], [undefined, 'en'], [null, 'en'], ['*', 'en'],
  ] as const)('%j → %s', (header, lang) => {
    expect(langFromHeader(header)).toBe(lang);
  });
});

describe('message', () => {
  it('returns the text in the requested language', () => {
    expect(message('place_not_found', 'en')).toBe('Place not found.');
    expect(message('place_not_found', 'ar')).toBe('المكان غير موجود.');
  });

  it('falls back to the key itself for an unknown code', () => {
    expect(message('no_such_code', 'ar')).toBe('no_such_code');
  });

  it('fills {{name}} placeholders from params, leaving missing ones empty', () => {
    addMessages({ test_file_too_large: { en: 'Maximum size is {{maxSize}}MB ({{unit}}).', ar: 'الحد الأقصى {{maxSize}} ميغابايت.' } });
    expect(message('test_file_too_large', 'en', { maxSize: 5, unit: 'MiB' })).toBe('Maximum size is 5MB (MiB).');
    expect(message('test_file_too_large', 'ar', { maxSize: 5 })).toBe('الحد الأقصى 5 ميغابايت.');
    expect(message('test_file_too_large', 'en')).toBe('Maximum size is MB ().');
  });

  it('has every built-in message in both languages', () => {
    for (const [code, text] of Object.entries(MESSAGES as Record<string, { en: string; ar: string }>)) {
      expect(text.en.trim(), code).not.toBe('');
      expect(text.ar, code).toMatch(/[\u0600-\u06FF]/);
    }
  });
});
