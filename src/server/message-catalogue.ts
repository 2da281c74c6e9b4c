/**
 * The server's one message catalogue (docs/decisions/052-domain-errors-and-one-catalogue.md): every error
 * code the API can answer in `error.code`, and every success message (`data.message`), each in English
 * and Arabic. `{{name}}` placeholders are filled from the error's params. The catalogue is a constant
 * checked by the compiler: `ErrorCode` is its keys, so throwing an unknown code (a DomainError, an
 * ApiError) or asking `message()` for one is a type error, and an entry without one of the two
 * languages does not compile (`satisfies Record<string, Bilingual>`). Nothing registers messages at
 * run time.
 */

/** The two languages of the API's answers. */
export type Lang = 'en' | 'ar';
type Bilingual = { en: string; ar: string };

/** Error codes of every endpoint (plumbing, validation, the catalogue's records, moderation). */
const ERROR_MESSAGES = {
  // plumbing (http/http-errors.ts, http/body-limit.ts, http/read-json.ts)
  validation_failed: { en: 'Some fields are invalid.', ar: 'بعض الحقول غير صالحة.' },
  invalid_json: { en: 'The request body is not valid JSON.', ar: 'نص الطلب ليس JSON صالحًا.' },
  not_found: { en: 'Not found.', ar: 'غير موجود.' },
  route_not_found: { en: 'No such endpoint.', ar: 'لا توجد نقطة نهاية بهذا المسار.' },
  unauthorized: { en: 'Please sign in.', ar: 'يرجى تسجيل الدخول.' },
  forbidden: { en: 'You are not allowed to do this.', ar: 'غير مسموح لك بهذا الإجراء.' },
  conflict: { en: 'This conflicts with existing data.', ar: 'يتعارض هذا مع بيانات موجودة.' },
  payload_too_large: { en: 'The request is too large.', ar: 'الطلب كبير جدًا.' },
  unsupported_media_type: { en: 'Send the request body as JSON (Content-Type: application/json).', ar: 'أرسل نص الطلب بصيغة JSON (Content-Type: application/json).' },
  rate_limited: { en: 'Too many attempts. Please try again later.', ar: 'تجاوزت عدد المحاولات المسموح به. يرجى المحاولة لاحقًا.' },
  database_unavailable: { en: 'The service is temporarily unavailable. Please try again.', ar: 'الخدمة غير متاحة مؤقتًا. يرجى المحاولة مرة أخرى.' },
  internal_error: { en: 'Something went wrong. Please try again.', ar: 'حدث خطأ ما. يرجى المحاولة مرة أخرى.' },
  // health (routes/health-routes.ts)
  unhealthy: { en: 'The service is not ready.', ar: 'الخدمة غير جاهزة.' },
  // records not found
  category_not_found: { en: 'Category not found.', ar: 'الفئة غير موجودة.' },
  zone_not_found: { en: 'Zone not found.', ar: 'الحي غير موجود.' },
  place_not_found: { en: 'Place not found.', ar: 'المكان غير موجود.' },
  building_not_found: { en: 'Building not found.', ar: 'المبنى غير موجود.' },
  website_settings_not_found: { en: 'Website settings not found.', ar: 'إعدادات الدليل غير موجودة.' },
  // auth (auth/*-auth-provider.ts, routes/auth)
  invalid_credentials: { en: 'Invalid credentials', ar: 'بيانات الدخول غير صحيحة' },
  email_not_verified: {
    en: 'Please verify your email address first. Enter the code we sent you, or ask for a new one.',
    ar: 'يرجى تأكيد بريدك الإلكتروني أولًا. أدخل الرمز الذي أرسلناه إليك، أو اطلب رمزًا جديدًا.',
  },
  invalid_code: { en: 'The code is invalid or has expired.', ar: 'الرمز غير صحيح أو منتهي الصلاحية.' },
  code_attempts_exceeded: {
    en: 'Too many wrong codes. Please ask for a new code.',
    ar: 'محاولات خاطئة كثيرة. يرجى طلب رمز جديد.',
  },
  invalid_refresh_token: { en: 'Your session has expired. Please sign in again.', ar: 'انتهت صلاحية جلستك. يرجى تسجيل الدخول مرة أخرى.' },
  current_password_incorrect: { en: 'The current password is incorrect.', ar: 'كلمة المرور الحالية غير صحيحة.' },
  same_password: { en: 'The new password must be different from the current one.', ar: 'يجب أن تختلف كلمة المرور الجديدة عن الحالية.' },
  auth_unavailable: {
    en: 'Sign-in is temporarily unavailable. Please try again.',
    ar: 'تسجيل الدخول غير متاح مؤقتًا. يرجى المحاولة مرة أخرى.',
  },
  profile_not_found: { en: 'Profile not found.', ar: 'الملف الشخصي غير موجود.' },
  // the admin API (`{{count}}` from the error's params)
  category_in_use: {
    en: 'This category is used by {{count}} place(s). Move or delete them first.',
    ar: 'هذه الفئة مستخدمة في أماكن عددها {{count}}. انقلها أو احذفها أولًا.',
  },
  slug_taken: { en: 'This slug is already in use.', ar: 'هذا المعرّف في الرابط مستخدم بالفعل.' },
  invalid_order: {
    en: 'The new order is not valid. Please reload and try again.',
    ar: 'الترتيب الجديد غير صالح. يرجى إعادة التحميل والمحاولة مرة أخرى.',
  },
  import_rejected: {
    en: 'The file was not imported: {{count}} record(s) are malformed (see the list). Nothing was written.',
    ar: 'لم يُستورد الملف: {{count}} من السجلات غير صالحة (انظر القائمة). لم يُكتب شيء.',
  },
  // history (queries/history-queries.ts)
  history_entry_not_found: { en: 'This history entry does not exist.', ar: 'هذا السجل غير موجود في السجل التاريخي.' },
  history_nothing_to_restore: {
    en: 'There is no earlier version of this place to restore.',
    ar: 'لا توجد نسخة سابقة من هذا المكان لاستعادتها.',
  },
  history_restore_expired: {
    en: 'This place was deleted more than {{days}} days ago and can no longer be restored.',
    ar: 'حُذف هذا المكان منذ أكثر من {{days}} يومًا ولم يعد من الممكن استعادته.',
  },
  // contributions and moderation (queries/place-requests-queries.ts)
  place_request_not_found: { en: 'Place request not found.', ar: 'طلب المكان غير موجود.' },
  request_already_reviewed: { en: 'This request has already been reviewed.', ar: 'تمت مراجعة هذا الطلب بالفعل.' },
  request_not_applicable: { en: 'This request cannot be applied: {{reason}}', ar: 'لا يمكن تطبيق هذا الطلب: {{reason}}' },
  // reasons of request_not_applicable (reasonCode → text; see queries/place-requests-queries.ts notApplicableReason)
  not_applicable_category_missing: { en: 'its category (#{{id}}) no longer exists', ar: 'الفئة المختارة (رقم {{id}}) لم تعد موجودة' },
  not_applicable_zone_missing: { en: 'its district (#{{id}}) no longer exists', ar: 'الحي المختار (رقم {{id}}) لم يعد موجودًا' },
  not_applicable_building_missing: { en: 'its building (#{{id}}) no longer exists', ar: 'المبنى المختار (رقم {{id}}) لم يعد موجودًا' },
  not_applicable_place_missing: { en: 'the place no longer exists', ar: 'المكان لم يعد موجودًا' },
  not_applicable_name_required: { en: 'the place has no name', ar: 'المكان بلا اسم' },
  not_applicable_category_required: { en: 'the place has no category', ar: 'المكان بلا فئة' },
  not_applicable_details_invalid: { en: 'its details are not in the expected form', ar: 'التفاصيل ليست بالشكل المتوقع' },
  not_applicable_value_refused: { en: 'one of its values is not accepted ({{field}})', ar: 'إحدى القيم المدخلة غير مقبولة ({{field}})' },
  no_changes: { en: 'There are no changes to submit.', ar: 'لا توجد تغييرات لإرسالها.' },
  not_place_owner: { en: 'You can only request edits to places you own.', ar: 'يمكنك طلب تعديل الأماكن التي تملكها فقط.' },
  // uploads (routes/uploads-routes.ts, storage/read-image-upload.ts)
  image_required: { en: "Send the image as the multipart/form-data field 'image'.", ar: "أرسل الصورة في الحقل 'image' بصيغة multipart/form-data." },
  invalid_file_type: { en: 'Invalid file type. Please select a PNG, JPG or GIF image.', ar: 'نوع الملف غير صالح. يرجى اختيار صورة PNG أو JPG أو GIF.' },
  file_too_large: { en: 'File is too large. Maximum size is {{maxSize}}MB.', ar: 'الملف كبير جدًا. الحد الأقصى للحجم {{maxSize}} ميجابايت.' },
  // the storage backend cannot take the file (folder missing or not writable, disk full, Storage API down or
  // refusing): 503, with the spec's upload failure text
  storage_unavailable: { en: 'Failed to upload image. Please try again.', ar: 'تعذّر رفع الصورة. يرجى المحاولة مرة أخرى.' },
  // Idempotency-Key (http/idempotency-middleware.ts)
  idempotency_key_invalid: {
    en: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
    ar: 'يجب أن تكون ترويسة Idempotency-Key من 1 إلى 255 محرفًا مرئيًا من محارف ASCII.',
  },
  idempotency_key_reused: {
    en: 'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
    ar: 'استُخدم مفتاح Idempotency-Key هذا لطلب مختلف. استخدم مفتاحًا جديدًا لكل طلب جديد.',
  },
  idempotency_key_in_progress: {
    en: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
    ar: 'ما زال طلب بمفتاح Idempotency-Key هذا قيد المعالجة. حاول مرة أخرى بعد لحظات.',
  },
} as const satisfies Record<string, Bilingual>;

/** Messages of successful answers (`data.message`): localised like errors, but not error codes. */
const SUCCESS_MESSAGES = {
  reset_code_sent: { en: 'If the email exists, a reset code has been sent', ar: 'إذا كان البريد الإلكتروني موجودًا، فقد أُرسل رمز إعادة التعيين' },
  verification_code_sent: {
    en: 'If the email is awaiting verification, a new code has been sent',
    ar: 'إذا كان البريد الإلكتروني بانتظار التأكيد، فقد أُرسل رمز جديد',
  },
  reset_code_valid: { en: 'The code is valid. Choose a new password.', ar: 'الرمز صحيح. اختر كلمة مرور جديدة.' },
  password_reset_done: { en: 'Your password has been reset. You can now sign in.', ar: 'أُعيد تعيين كلمة مرورك. يمكنك الآن تسجيل الدخول.' },
  password_changed: { en: 'Password changed successfully', ar: 'تم تغيير كلمة المرور بنجاح' },
  signed_out: { en: 'Signed out', ar: 'تم تسجيل الخروج' },
} as const satisfies Record<string, Bilingual>;

/** A code the API may answer in `error.code` (every one has its message in both languages). */
export type ErrorCode = keyof typeof ERROR_MESSAGES;
/** A key of a success message (`data.message`). */
export type SuccessMessageKey = keyof typeof SUCCESS_MESSAGES;
/** Any key of the catalogue. */
export type MessageKey = ErrorCode | SuccessMessageKey;

/** The whole catalogue, errors and success messages, by key. */
export const MESSAGES: Readonly<Record<MessageKey, Bilingual>> = { ...ERROR_MESSAGES, ...SUCCESS_MESSAGES };

/**
 * A placeholder's value: text, a number, or another message (rendered in the same language), so a
 * reason inside a message is translated too (e.g. request_not_applicable's `{{reason}}`).
 */
export type MessageParam = string | number | { key: MessageKey; params?: Record<string, string | number> };

/** Picks 'ar' when Accept-Language prefers Arabic (first tag), else 'en'. */
export function langFromHeader(header: string | undefined | null): Lang {
  const first = (header ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('ar') ? 'ar' : 'en';
}

/**
 * Localised text of `key` in `lang`, its `{{name}}` placeholders filled from `params` (missing ones empty).
 * A key outside the catalogue does not compile; should a cast smuggle one in, the key itself is the text
 * (the error handler never fails on its own message).
 */
export function message(key: MessageKey, lang: Lang, params: Record<string, MessageParam> = {}): string {
  const text = (MESSAGES[key] as Bilingual | undefined)?.[lang] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    return typeof value === 'object' ? message(value.key, lang, value.params) : String(value ?? '');
  });
}

/**
 * Every error code the server can answer in `error.code`, sorted: the catalogue's error keys. The OpenAPI
 * document's `Error` schema lists them; tests/api/openapi-quality.test.ts checks that every code thrown in
 * src/server is one.
 */
export function errorCodes(): ErrorCode[] {
  return (Object.keys(ERROR_MESSAGES) as ErrorCode[]).sort();
}
