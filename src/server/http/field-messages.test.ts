import { describe, expect, it } from 'vitest';
import arAdmin from '../../../locales/ar/admin.json' with { type: 'json' };
import arCommon from '../../../locales/ar/common.json' with { type: 'json' };
import { INVALID_OPENING_HOURS, UNKNOWN_TIME_ZONE } from '../../shared/opening-hours.ts';
import { ADMIN_FIELD_MESSAGES, REORDER_MESSAGES } from '../../shared/schemas/admin-schemas.ts';
import { AUTH_MESSAGES } from '../../shared/schemas/auth-schemas.ts';
import { COMMON_FIELD_MESSAGES, INVALID_CHARACTERS_MESSAGE } from '../../shared/schemas/common-schemas.ts';
import { DUPLICATE_FIELD_MESSAGES } from '../../shared/schemas/duplicates-schemas.ts';
import { HISTORY_ID_REQUIRED } from '../../shared/schemas/history-schemas.ts';
import { INVALID_BBOX_MESSAGE } from '../../shared/schemas/map-schemas.ts';
import { PLACE_FIELD_MESSAGES } from '../../shared/schemas/place-form-schemas.ts';
import { REASON_REQUIRED_MESSAGE } from '../../shared/schemas/place-request-schemas.ts';
import { IMPORT_REASONS } from '../db/import-directory.ts';
import { SERVER_FIELD_MESSAGES } from '../domain-errors.ts';
import { FIELD_MESSAGE_ENTRIES, IMPORT_REASONS_AR, importReasonText, localizeFieldProblem, localizeFields } from './field-messages.ts';

const ARABIC_LETTER = /[\u0621-\u064A]/;

describe('the field message table', () => {
  it('has one row per English text, a snake_case code and Arabic text in each', () => {
    const english = FIELD_MESSAGE_ENTRIES.map(([en]) => en);
    expect(new Set(english).size).toBe(english.length);
    for (const [en, code, ar] of FIELD_MESSAGE_ENTRIES) {
      expect(code, en).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(ar, en).toMatch(ARABIC_LETTER);
    }
  });

  it('knows every message constant of the shared schemas and of the server checks', () => {
    const known = new Set(FIELD_MESSAGE_ENTRIES.map(([en]) => en));
    const constants = [
      PLACE_FIELD_MESSAGES, ADMIN_FIELD_MESSAGES, REORDER_MESSAGES, AUTH_MESSAGES, COMMON_FIELD_MESSAGES, DUPLICATE_FIELD_MESSAGES,
      SERVER_FIELD_MESSAGES,
    ].flatMap((group) => Object.values(group) as string[]);
    constants.push(INVALID_OPENING_HOURS, UNKNOWN_TIME_ZONE, INVALID_CHARACTERS_MESSAGE, HISTORY_ID_REQUIRED, INVALID_BBOX_MESSAGE, REASON_REQUIRED_MESSAGE);
    expect(constants.filter((m) => !known.has(m))).toEqual([]);
  });

  it("says in Arabic what the browser's Arabic screens say for the same message", () => {
    const sameAsScreens: [string, string][] = [
      [INVALID_CHARACTERS_MESSAGE, arAdmin.validation.invalidCharacters],
      [ADMIN_FIELD_MESSAGES.titleRequired, arAdmin.validation.titleRequired],
      [ADMIN_FIELD_MESSAGES.siteNameRequired, arAdmin.siteNames.siteNameRequired],
      [ADMIN_FIELD_MESSAGES.orderInteger, arAdmin.validation.orderInteger],
      [ADMIN_FIELD_MESSAGES.orderTaken, arAdmin.validation.orderTaken],
      [ADMIN_FIELD_MESSAGES.invalidSlug, arAdmin.validation.invalidSlug],
      [UNKNOWN_TIME_ZONE, arAdmin.siteNames.timeZoneUnknown],
      [REASON_REQUIRED_MESSAGE, arAdmin.requests.reasonRequired],
      [SERVER_FIELD_MESSAGES.slugTaken, arAdmin.validation.slugTaken],
      [SERVER_FIELD_MESSAGES.fileTooLarge, arCommon.imageUpload.fileTooLarge],
      [SERVER_FIELD_MESSAGES.invalidFileType, arCommon.imageUpload.invalidFileType],
    ];
    for (const [en, ar] of sameAsScreens) expect(localizeFieldProblem(en, 'ar').text, en).toBe(ar);
    for (const [key, en] of Object.entries(PLACE_FIELD_MESSAGES)) {
      const ar = localizeFieldProblem(en, 'ar').text;
      expect(ar, key).toBe(arCommon.contribute.validation[key as keyof typeof arCommon.contribute.validation]);
      expect(ar, key).toBe(arAdmin.placeValidation[key as keyof typeof arAdmin.placeValidation]);
    }
    for (const [key, en] of Object.entries(AUTH_MESSAGES)) {
      expect(localizeFieldProblem(en, 'ar').text, key).toBe(arCommon.auth.validation[key as keyof typeof arCommon.auth.validation]);
    }
  });
});

describe('localizeFieldProblem', () => {
  it('answers a known message as the constant in English, in Arabic in Arabic, with the same code', () => {
    expect(localizeFieldProblem(INVALID_OPENING_HOURS, 'en')).toEqual({ text: 'invalid opening hours', code: 'invalid_opening_hours' });
    expect(localizeFieldProblem({ message: INVALID_OPENING_HOURS, code: 'custom' }, 'ar')).toEqual({ text: 'ساعات العمل غير صالحة', code: 'invalid_opening_hours' });
  });

  it("keeps zod's default English and gives Arabic without Latin letters by issue code", () => {
    const issue = { message: 'Invalid input: expected number, received string', code: 'invalid_type' };
    expect(localizeFieldProblem(issue, 'en')).toEqual({ text: issue.message, code: 'invalid_type' });
    const ar = localizeFieldProblem(issue, 'ar');
    expect(ar.code).toBe('invalid_type');
    expect(ar.text).toMatch(ARABIC_LETTER);
    for (const code of ['invalid_type', 'too_small', 'too_big', 'invalid_format', 'invalid_value', 'unrecognized_keys', 'custom', 'invalid_union']) {
      expect(localizeFieldProblem({ message: 'Some English', code }, 'ar').text, code).not.toMatch(/[A-Za-z]/);
    }
    expect(localizeFieldProblem({ message: 'Too big: expected string to have <=3 characters', code: 'too_big', origin: 'string' }, 'ar').text).toBe('النص طويل جدًا');
  });

  it('gives an unknown plain message (e.g. an upstream service text) the code `invalid`', () => {
    expect(localizeFieldProblem('Password should contain a digit', 'en')).toEqual({ text: 'Password should contain a digit', code: 'invalid' });
    expect(localizeFieldProblem('Password should contain a digit', 'ar')).toEqual({ text: 'القيمة غير صالحة', code: 'invalid' });
  });

  it('localizeFields keeps field names and order of problems', () => {
    expect(localizeFields({ name: [PLACE_FIELD_MESSAGES.nameRequired], 'details.youtubeUrl': [PLACE_FIELD_MESSAGES.invalidUrl] }, 'ar')).toEqual({
      fields: { name: ['الاسم مطلوب'], 'details.youtubeUrl': ['رابط غير صالح'] },
      fieldCodes: { name: ['name_required'], 'details.youtubeUrl': ['invalid_url'] },
    });
  });
});

describe('importReasonText', () => {
  it('has Arabic for every import reason, with the same placeholders (an English parser detail left out)', () => {
    const names = (t: string) => [...t.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).filter((n) => n !== 'detail').sort();
    expect(Object.keys(IMPORT_REASONS_AR).sort()).toEqual(Object.keys(IMPORT_REASONS).sort());
    for (const [name, en] of Object.entries(IMPORT_REASONS)) {
      expect(names(IMPORT_REASONS_AR[name]!), name).toEqual(names(en));
      expect(IMPORT_REASONS_AR[name], name).toMatch(ARABIC_LETTER);
    }
  });

  it('says the reason as written in English; in Arabic from the template or per zod issue', () => {
    const unknown = { reason: 'unknown zoneSlug olaya', template: 'unknownZoneSlug', params: { slug: 'olaya' } };
    expect(importReasonText(unknown, 'en')).toBe('unknown zoneSlug olaya');
    expect(importReasonText(unknown, 'ar')).toBe('لا يوجد حي بالمعرّف olaya');
    const issues = { reason: 'name: Name is required; phone: Invalid phone', issues: [
      { path: 'name', message: PLACE_FIELD_MESSAGES.nameRequired, code: 'too_small' },
      { path: 'phone', message: PLACE_FIELD_MESSAGES.invalidPhone, code: 'custom' },
    ] };
    expect(importReasonText(issues, 'ar')).toBe('name: الاسم مطلوب؛ phone: رقم هاتف غير صالح');
    expect(importReasonText({ reason: 'something new' }, 'ar')).toBe('القيمة غير صالحة');
  });
});

