/**
 * Server messages in both languages, keyed by error code. The language comes from Accept-Language.
 * `{{name}}` placeholders are filled from the error's params.
 */
export const MESSAGES = {
  validation_failed: { en: 'Some fields are invalid.', ar: 'بعض الحقول غير صالحة.' },
  invalid_json: { en: 'The request body is not valid JSON.', ar: 'نص الطلب ليس JSON صالحًا.' },
  not_found: { en: 'Not found.', ar: 'غير موجود.' },
  route_not_found: { en: 'No such endpoint.', ar: 'لا توجد نقطة نهاية بهذا المسار.' },
  category_not_found: { en: 'Category not found.', ar: 'الفئة غير موجودة.' },
  zone_not_found: { en: 'Zone not found.', ar: 'الحي غير موجود.' },
  place_not_found: { en: 'Place not found.', ar: 'المكان غير موجود.' },
  unauthorized: { en: 'Please sign in.', ar: 'يرجى تسجيل الدخول.' },
  forbidden: { en: 'You are not allowed to do this.', ar: 'غير مسموح لك بهذا الإجراء.' },
  conflict: { en: 'This conflicts with existing data.', ar: 'يتعارض هذا مع بيانات موجودة.' },
  payload_too_large: { en: 'The request is too large.', ar: 'الطلب كبير جدًا.' },
  unsupported_media_type: { en: 'Send the request body as JSON (Content-Type: application/json).', ar: 'أرسل نص الطلب بصيغة JSON (Content-Type: application/json).' },
  rate_limited: { en: 'Too many attempts. Please try again later.', ar: 'محاولات كثيرة. يرجى المحاولة لاحقًا.' },
  database_unavailable: { en: 'The service is temporarily unavailable. Please try again.', ar: 'الخدمة غير متاحة مؤقتًا. يرجى المحاولة مرة أخرى.' },
  internal_error: { en: 'Something went wrong. Please try again.', ar: 'حدث خطأ ما. يرجى المحاولة مرة أخرى.' },
} as const satisfies Record<string, { en: string; ar: string }>;

export type MessageKey = keyof typeof MESSAGES | (string & {});
export type Lang = 'en' | 'ar';

/** Picks 'ar' when Accept-Language prefers Arabic (first tag), else 'en'. */
export function langFromHeader(header: string | undefined | null): Lang {
  const first = (header ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('ar') ? 'ar' : 'en';
}

/** Localised text for `key`; unknown keys return the key itself. */
export function message(key: MessageKey, lang: Lang, params: Record<string, MessageParam> = {}): string {
  const entry = (MESSAGES as Record<string, { en: string; ar: string }>)[key];
  const text = entry ? entry[lang] : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    return typeof value === 'object' ? message(value.key, lang, value.params) : String(value ?? '');
  });
}

/**
 * A placeholder's value: text, a number, or another message (rendered in the same language), so a
 * reason inside a message is translated too (e.g. request_not_applicable's `{{reason}}`).
 */
export type MessageParam = string | number | { key: MessageKey; params?: Record<string, string | number> };

/** Registers more messages (feature modules add their own codes). */
export function addMessages(entries: Record<string, { en: string; ar: string }>): void {
  Object.assign(MESSAGES, entries);
}

const SUCCESS_KEYS = new Set<string>();

/** Registers messages of successful answers (`data.message`): localised like errors, but not error codes. */
export function addSuccessMessages(entries: Record<string, { en: string; ar: string }>): void {
  Object.assign(MESSAGES, entries);
  for (const key of Object.keys(entries)) SUCCESS_KEYS.add(key);
}

/**
 * Every error code the server can answer in `error.code`, sorted: the message table's keys (every code
 * has its message in both languages) without the success messages. The OpenAPI document's `Error`
 * schema lists them; tests/api/openapi-quality.test.ts checks that every code thrown in src/server is one.
 */
export function errorCodes(): string[] {
  return Object.keys(MESSAGES).filter((key) => !SUCCESS_KEYS.has(key)).sort();
}
