/**
 * Digits: one rule for both languages (docs/decisions/018-language-conventions.md).
 *
 * People type numbers with the digits of their keyboard: Arabic-Indic (٠–٩, U+0660–U+0669) on an
 * Arabic layout, Extended Arabic-Indic / Persian (۰–۹, U+06F0–U+06F9) on a Persian or Urdu one.
 * Every numeric input (phones, WhatsApp, codes, order numbers) is normalised to Western digits
 * (0–9) before it is checked or stored, in the browser and again on the server, so `٠٥٥١٢٣٤٥٦٧`
 * is the valid phone `0551234567`. Shown numbers use Western digits too (see src/lib/intl.ts).
 */

const ARABIC_INDIC_ZERO = 0x0660;
const PERSIAN_ZERO = 0x06f0;

/** `text` with every Arabic-Indic and Persian digit replaced by its Western digit; other characters kept. */
export function toWesternDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => {
    const c = d.charCodeAt(0);
    return String(c - (c >= PERSIAN_ZERO ? PERSIAN_ZERO : ARABIC_INDIC_ZERO));
  });
}

/** For zod preprocessing: strings get Western digits, anything else passes through unchanged. */
export function westernDigitsOf(value: unknown): unknown {
  return typeof value === 'string' ? toWesternDigits(value) : value;
}
