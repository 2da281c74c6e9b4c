import { describe, expect, it } from 'vitest';
import { toWesternDigits, westernDigitsOf } from './digits.ts';
import { placeCreateSchema } from './schemas/place-form-schemas.ts';
import { codeSchema } from './schemas/auth-schemas.ts';

describe('toWesternDigits', () => {
  it('maps Arabic-Indic and Persian digits to 0–9 and keeps everything else', () => {
    expect(toWesternDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(toWesternDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(toWesternDigits('+966 (٥٥) ۱۲۳-4567 حي')).toBe('+966 (55) 123-4567 حي');
    expect(westernDigitsOf(12)).toBe(12);
    expect(westernDigitsOf(null)).toBe(null);
  });
});

describe('numeric inputs accept Arabic-Indic and Persian digits', () => {
  it('phones, WhatsApp and the manager phone are normalised', () => {
    const parsed = placeCreateSchema.parse({
      name: 'Shop', categoryId: 1, phone: '٠٥٥١٢٣٤٥٦٧', whatsapp: '+۹۶۶۵۵۱۲۳۴۵۶۷', managerPhone: '055 ١٢٣ ٤٥٦٧',
    });
    expect(parsed.phone).toBe('0551234567');
    expect(parsed.whatsapp).toBe('+966551234567');
    expect(parsed.managerPhone).toBe('055 123 4567');
  });

  it('mailed codes are normalised', () => {
    expect(codeSchema.parse('١٢٣٤٥٦')).toBe('123456');
    expect(codeSchema.parse('۱۲۳۴۵۶')).toBe('123456');
    expect(codeSchema.safeParse('١٢٣').success).toBe(false);
  });
});
