import { INVALID_OPENING_HOURS, UNKNOWN_TIME_ZONE } from '../../shared/opening-hours.ts';
import { ADMIN_FIELD_MESSAGES, REORDER_MESSAGES } from '../../shared/schemas/admin-schemas.ts';
import { AUTH_MESSAGES } from '../../shared/schemas/auth-schemas.ts';
import { COMMON_FIELD_MESSAGES, INVALID_CHARACTERS_MESSAGE } from '../../shared/schemas/common-schemas.ts';
import { DUPLICATE_FIELD_MESSAGES } from '../../shared/schemas/duplicates-schemas.ts';
import { HISTORY_ID_REQUIRED } from '../../shared/schemas/history-schemas.ts';
import { INVALID_BBOX_MESSAGE } from '../../shared/schemas/map-schemas.ts';
import { PLACE_FIELD_MESSAGES } from '../../shared/schemas/place-form-schemas.ts';
import { REASON_REQUIRED_MESSAGE } from '../../shared/schemas/place-request-schemas.ts';
import { SERVER_FIELD_MESSAGES, type FieldProblem } from '../domain-errors.ts';
import type { Lang } from '../message-catalogue.ts';

/**
 * Field messages of `error.fields` in the request's language (docs/decisions/034-field-messages.md).
 *
 * A schema or a check names a field's problem with an English message constant (src/shared for the
 * schemas both sides use, SERVER_FIELD_MESSAGES in domain-errors.ts for checks only the server makes); the error
 * handler answers it through `localizeFieldProblem`: the constant itself in English, its Arabic text
 * here in Arabic, and a stable snake_case code (`error.fieldCodes`) in both. Wherever the browser shows the
 * same message, the Arabic is its words in locales/ar/*.json, letter for letter (field-messages.test.ts
 * compares them; the Edge Function's module graph takes only .ts files, so the JSON is not imported).
 * A message the table does not know (zod's default texts such as "Invalid input: expected number,
 * received string", an upstream auth service's text) stays as is in English and becomes a generic
 * Arabic sentence chosen by its zod issue code, so no English reaches an Arabic answer.
 */

type Entry = readonly [english: string, code: string, arabic: string];

const P = PLACE_FIELD_MESSAGES;
const A = ADMIN_FIELD_MESSAGES;
const R = REORDER_MESSAGES;
const U = AUTH_MESSAGES;
const C = COMMON_FIELD_MESSAGES;
const D = DUPLICATE_FIELD_MESSAGES;
const S = SERVER_FIELD_MESSAGES;

/** Every known field message: English constant, stable code, Arabic. One row per English text. */
export const FIELD_MESSAGE_ENTRIES: readonly Entry[] = [
  // places (admin form, contributions, edit requests)
  [P.nameRequired, 'name_required', 'الاسم مطلوب'],
  [P.selectCategory, 'select_category', 'يرجى اختيار فئة'],
  [P.invalidPhone, 'invalid_phone', 'رقم هاتف غير صالح'],
  [P.invalidUrl, 'invalid_url', 'رابط غير صالح'],
  [P.invalidId, 'invalid_id', 'معرّف غير صالح'],
  [P.tooLong, 'too_long', 'النص طويل جدًا'],
  [P.invalidCoordinate, 'invalid_coordinate', 'إحداثية غير صالحة'],
  [INVALID_OPENING_HOURS, 'invalid_opening_hours', 'ساعات العمل غير صالحة'],
  [INVALID_CHARACTERS_MESSAGE, 'invalid_characters', 'احذف رموز التحكم غير المرئية من هذا النص'],
  // admin records and settings
  [A.titleRequired, 'title_required', 'اسم الحي مطلوب'],
  [A.siteNameRequired, 'site_name_required', 'اسم الدليل مطلوب'],
  [A.orderInteger, 'order_integer', 'يجب أن يكون الترتيب عددًا صحيحًا'],
  [A.orderTaken, 'order_taken', 'يوجد حي آخر بهذا الرقم في الترتيب'],
  [A.invalidSlug, 'invalid_slug', 'استخدم أحرفًا إنجليزية صغيرة وأرقامًا وشرطات مفردة'],
  [A.invalidBoolean, 'invalid_boolean', 'يجب أن تكون القيمة true أو false'],
  [UNKNOWN_TIME_ZONE, 'unknown_time_zone', 'توقيت غير معروف: استخدم اسمًا حسب IANA مثل Asia/Riyadh'],
  [REASON_REQUIRED_MESSAGE, 'reason_required', 'السبب مطلوب'],
  // reorder (400 invalid_order)
  [R.invalid, 'invalid_order_list', 'أرسل الترتيب قائمةً من {id, order}'],
  [R.duplicate_id, 'duplicate_id', 'يجب ألا يتكرر أي معرّف'],
  [R.not_from_one, 'order_not_from_one', 'يجب أن تكون الأرقام 1، 2، 3… بلا فجوات ولا تكرار'],
  [R.missing_zones, 'missing_zones', 'يجب أن يشمل الترتيب كل الأحياء'],
  [R.unknown_zones, 'unknown_zones', 'معرّف حي غير معروف'],
  [R.missing_buildings, 'missing_buildings', 'يجب أن يشمل الترتيب كل مباني الحي'],
  [R.unknown_buildings, 'unknown_buildings', 'هذا المعرّف ليس لمبنى في هذا الحي'],
  // accounts
  [U.emailInvalid, 'email_invalid', 'يرجى إدخال بريد إلكتروني صحيح'],
  [U.emailRequired, 'email_required', 'البريد الإلكتروني مطلوب'],
  [U.passwordMin, 'password_min', 'استخدم 6 أحرف على الأقل'],
  [U.passwordTooLong, 'password_too_long', 'كلمة المرور أطول من المسموح: 72 حرفًا إنجليزيًا أو 36 حرفًا عربيًا كحد أقصى'],
  [U.newPasswordMin, 'new_password_min', 'يجب أن تتكون كلمة المرور من 6 أحرف على الأقل'],
  [U.allFieldsRequired, 'all_fields_required', 'جميع الحقول مطلوبة'],
  [U.passwordsMismatch, 'passwords_mismatch', 'كلمتا المرور غير متطابقتين'],
  [U.nameTooLong, 'name_too_long', 'استخدم 100 حرف كحد أقصى'],
  [U.codeInvalid, 'code_invalid', 'أدخل الرمز المكوّن من 6 أرقام'],
  [U.refreshTokenInvalid, 'refresh_token_invalid', 'رمز التحديث مطلوب'],
  [S.currentPasswordIncorrect, 'current_password_incorrect', 'كلمة المرور الحالية غير صحيحة'],
  [S.samePassword, 'same_password', 'يجب أن تختلف كلمة المرور الجديدة عن الحالية'],
  // lists, search, map, history, duplicates
  [C.invalidNear, 'invalid_near', 'يجب أن يكون near بالصيغة "<خط العرض>,<خط الطول>" بالدرجات العشرية (خط العرض من -90 إلى 90، وخط الطول من -180 إلى 180)'],
  [C.invalidCursor, 'invalid_cursor', 'مؤشر الصفحة غير صالح'],
  [C.searchTooLong, 'search_too_long', 'نص البحث طويل جدًا'],
  [S.invalidListCursor, 'invalid_cursor', 'مؤشر الصفحة غير صالح أو انتهت صلاحيته لهذه القائمة'],
  [S.nearRequired, 'near_required', 'الترتيب sort=distance يحتاج near بالصيغة "<خط العرض>,<خط الطول>"'],
  [INVALID_BBOX_MESSAGE, 'invalid_bbox', 'يجب أن يكون bbox بالصيغة "<غرب>,<جنوب>,<شرق>,<شمال>" بالدرجات العشرية (خط الطول من -180 إلى 180، وخط العرض من -90 إلى 90، والجنوب لا يتجاوز الشمال)'],
  [S.bboxWithZoom, 'bbox_with_zoom', 'bbox و zoom متلازمان: أرسلهما معًا أو لا ترسل أيًا منهما'],
  [HISTORY_ID_REQUIRED, 'id_required', 'المعرّف id مطلوب'],
  [D.coordinatesTogether, 'coordinates_together', 'خط العرض وخط الطول متلازمان'],
  [D.nameOrPhone, 'name_or_phone', 'أرسل اسمًا مع الإحداثيات، أو رقم هاتف'],
  [D.differentIds, 'different_ids', 'يجب أن يختلف keepId عن removeId'],
  // references, uniqueness, uploads
  [S.slugTaken, 'slug_taken', 'هذا المعرّف مستخدم بالفعل'],
  [S.buildingNotInZone, 'building_not_in_zone', 'المبنى ليس في هذا الحي'],
  [S.fileTooLarge, 'file_too_large', 'الملف كبير جدًا'],
  [S.invalidFileType, 'invalid_file_type', 'نوع الملف غير صالح'],
  [S.imageRequired, 'image_required', 'الصورة مطلوبة'],
];

const BY_ENGLISH = new Map<string, { code: string; ar: string }>(FIELD_MESSAGE_ENTRIES.map(([en, code, ar]) => [en, { code, ar }]));

/**
 * Arabic for a message the table does not know, by zod issue code (zod 4's own `ar` locale is global, not
 * per request, and names types in English: "يفترض إدخال number"). `origin` tells text from numbers.
 */
function genericArabic(code: string, origin: string | undefined): string {
  const text = origin === 'string';
  switch (code) {
    case 'invalid_type': return 'القيمة مفقودة أو من نوع غير صحيح';
    case 'too_small': return text ? 'النص قصير جدًا' : 'القيمة أصغر من المسموح';
    case 'too_big': return text ? 'النص طويل جدًا' : 'القيمة أكبر من المسموح';
    case 'invalid_format': return 'الصيغة غير صحيحة';
    case 'invalid_value': return 'القيمة ليست من الخيارات المسموح بها';
    case 'unrecognized_keys': return 'حقول غير معروفة';
    default: return 'القيمة غير صالحة';
  }
}

/** zod issue codes answered as field codes as they are (the rest, e.g. `custom`, become `invalid`). */
const ZOD_CODES = new Set(['invalid_type', 'too_small', 'too_big', 'invalid_format', 'invalid_value', 'unrecognized_keys', 'not_multiple_of']);

/**
 * `problem` in `lang` with its stable code: a known message → its constant (en) or Arabic (ar) and its
 * code; an unknown one → the text as is (en) or a generic Arabic sentence by zod issue code (ar), and the
 * zod issue code (`invalid` when none fits).
 */
export function localizeFieldProblem(problem: FieldProblem, lang: Lang): { text: string; code: string } {
  const english = typeof problem === 'string' ? problem : problem.message;
  const known = BY_ENGLISH.get(english);
  if (known) return { text: lang === 'ar' ? known.ar : english, code: known.code };
  const issueCode = typeof problem === 'string' ? 'invalid' : problem.code;
  const origin = typeof problem === 'string' ? undefined : problem.origin;
  return { text: lang === 'ar' ? genericArabic(issueCode, origin) : english, code: ZOD_CODES.has(issueCode) ? issueCode : 'invalid' };
}

/** Every code `error.fieldCodes` can hold, sorted (the OpenAPI document's enum). */
export function fieldCodes(): string[] {
  return [...new Set([...FIELD_MESSAGE_ENTRIES.map(([, code]) => code), ...ZOD_CODES, 'invalid'])].sort();
}

/**
 * `error.fields` and `error.fieldCodes` of an answer: every problem of every field in `lang`, with its code.
 */
export function localizeFields(fields: Record<string, FieldProblem[]>, lang: Lang): { fields: Record<string, string[]>; fieldCodes: Record<string, string[]> } {
  const texts: Record<string, string[]> = {};
  const codes: Record<string, string[]> = {};
  for (const [field, problems] of Object.entries(fields)) {
    const localized = problems.map((p) => localizeFieldProblem(p, lang));
    texts[field] = localized.map((l) => l.text);
    codes[field] = localized.map((l) => l.code);
  }
  return { fields: texts, fieldCodes: codes };
}

/**
 * Arabic of the import report's reasons, by IMPORT_REASONS name (src/server/db/import-directory.ts; not
 * imported here: the importer depends on queries that depend on this module). Names, slugs, ids and column
 * names inside are the file's own data; an unreadable file's parser detail is English and left out.
 */
export const IMPORT_REASONS_AR: Record<string, string> = {
  unknownCategorySlug: 'لا توجد فئة بالمعرّف {{slug}}',
  unknownZoneSlug: 'لا يوجد حي بالمعرّف {{slug}}',
  slugRepeats: 'المعرّف {{key}} مكرر: ورد في {{list}}[{{earlier}}]',
  sourceIdRepeats: 'معرّف المصدر {{source}} {{sourceId}} مكرر في سجل سابق',
  notJson: 'الملف ليس JSON صالحًا',
  unreadableCsvRow: 'صف CSV غير مقروء',
  unknownColumns: 'أعمدة غير معروفة: {{columns}}؛ الأعمدة المتوقعة: {{expected}}',
  missingColumn: 'العمود {{column}} مفقود',
};

/** One refused record of an import, as the importer describes it (db/import-directory.ts ImportProblem). */
type ImportProblemLike = {
  reason: string; template?: string; params?: Record<string, string | number>;
  issues?: { path: string; message: string; code: string; origin?: string }[];
};

/**
 * The sentence of an import report's problem in `lang`: English as the importer wrote it; Arabic from
 * IMPORT_REASONS_AR, or "path: message" per zod issue with each message localised like a field message.
 */
export function importReasonText(problem: ImportProblemLike, lang: Lang): string {
  if (lang === 'en') return problem.reason;
  if (problem.issues) return problem.issues.map((i) => `${i.path}: ${localizeFieldProblem(i, lang).text}`).join('؛ ');
  const template = problem.template ? IMPORT_REASONS_AR[problem.template] : undefined;
  if (!template) return genericArabic('custom', undefined);
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(problem.params?.[name] ?? ''));
}

