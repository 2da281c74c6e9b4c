import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The Arabic glossary (docs/glossary.md) is the source: every variant in its "Not" column is refused
 * in every Arabic string of locales/ar/*.json and of the server (API messages, mail templates).
 */
const root = path.resolve(__dirname, '../..');
const ARABIC = /[\u0600-\u06FF]/;
const LETTER = '\\u0621-\\u065F\\u0670-\\u06D3';

function glossaryRejections(): { concept: string; variant: string }[] {
  const text = readFileSync(path.join(root, 'docs/glossary.md'), 'utf8');
  const rows = text.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Concept') && !l.startsWith('|---'));
  return rows.flatMap((row) => {
    const cells = row.split('|').slice(1, -1).map((c) => c.trim());
    return cells[3] ? cells[3].split('،').map((v) => ({ concept: cells[0], variant: v.trim() })).filter((v) => v.variant) : [];
  });
}

function flatten(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
  return [];
}

function arabicLocaleStrings(): [string, string][] {
  const dir = path.join(root, 'locales/ar');
  return readdirSync(dir).filter((f) => f.endsWith('.json'))
    .flatMap((f) => flatten(JSON.parse(readFileSync(path.join(dir, f), 'utf8'))).map(([k, v]) => [`${f}:${k}`, v] as [string, string]));
}

/** Arabic string literals ('…', "…", `…`) of the server's non-test sources. */
function arabicServerStrings(): [string, string][] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) files.push(full);
    }
  };
  walk(path.join(root, 'src/server'));
  return files.flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    const literals = source.match(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g) ?? [];
    return literals.filter((l) => ARABIC.test(l)).map((l) => [path.relative(root, file), l.slice(1, -1)] as [string, string]);
  });
}

/** Arabic literals of the website settings row every new database starts with (the footer's and pages' description). */
function arabicSeededSettings(): [string, string][] {
  const file = 'supabase/schemas/website_settings.sql';
  const insert = /insert into public\.website_settings[\s\S]*?;/.exec(readFileSync(path.join(root, file), 'utf8'))?.[0] ?? '';
  return (insert.match(/'(?:[^']|'')*'/g) ?? []).filter((l) => ARABIC.test(l)).map((l) => [file, l.slice(1, -1)] as [string, string]);
}

const strings = [...arabicLocaleStrings(), ...arabicServerStrings(), ...arabicSeededSettings()];

function matcher(variant: string): RegExp {
  const escaped = variant.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return ARABIC.test(variant) ? new RegExp(`(^|[^${LETTER}])${escaped}($|[^${LETTER}])`) : new RegExp(escaped, 'i');
}

describe('Arabic glossary (docs/glossary.md)', () => {
  it('reads the rejected variants from the glossary and finds Arabic strings to check', () => {
    expect(glossaryRejections().map((r) => r.variant)).toEqual(expect.arrayContaining(['المنطقة', 'قيد الانتظار', 'مقبول', 'طلبات الإنشاء', 'ميغابايت', 'slug']));
    expect(strings.length).toBeGreaterThan(400);
    expect(strings.some(([where]) => where.startsWith('src/server/mail/templates.ts'))).toBe(true);
    expect(strings.filter(([where]) => where === 'supabase/schemas/website_settings.sql')).toHaveLength(2);
  });

  it('no Arabic string uses a rejected variant', () => {
    const found = glossaryRejections().flatMap(({ concept, variant }) => strings
      .filter(([, text]) => matcher(variant).test(text.replace(/\{\{\w+\}\}/g, '')))
      .map(([where, text]) => `${where}: «${text}» uses «${variant}» (${concept})`));
    expect(found).toEqual([]);
  });

  it('الموقع alone is never used: only الموقع الإلكتروني (website) or الموقع على الخريطة (location)', () => {
    const bare = strings.filter(([, text]) => /(^|[^\u0621-\u064A])الموقع(?! الإلكتروني| على الخريطة)/.test(text));
    expect(bare).toEqual([]);
  });

  it("a zone's name field says اسم الحي", () => {
    const admin = JSON.parse(readFileSync(path.join(root, 'locales/ar/admin.json'), 'utf8'));
    expect(admin.zones.fields.title).toContain('اسم الحي');
    expect(admin.zones.fields.titleAr).toContain('اسم الحي');
  });

  it('fixes the literal slips found in review', () => {
    const common = JSON.parse(readFileSync(path.join(root, 'locales/ar/common.json'), 'utf8'));
    const admin = JSON.parse(readFileSync(path.join(root, 'locales/ar/admin.json'), 'utf8'));
    expect(admin.requests.failure.other).not.toBe('تعذّر'); // a dangling verb
    expect(common.contribute.requests.decidedBy).not.toBe('اتخذه');
    expect(admin.requests.summaryTitle).not.toBe('انتهى اعتماد الكل');
    expect(admin.places.description).not.toMatch(/ابحث وصفِّ وأضف/);
    expect(common.home.title.match(/اعثر على/g) ?? []).toHaveLength(0);
    expect(common.auth.resendIn).toBeUndefined(); // plural forms instead of «{{seconds}} ث»
    for (const form of ['zero', 'one', 'two', 'few', 'many', 'other']) expect(common.auth[`resendIn_${form}`]).toBeTruthy();
  });

  it('admin counts use i18next plural forms (six in Arabic, two in English), not "Label: {{count}}"', () => {
    const ar = flatten(JSON.parse(readFileSync(path.join(root, 'locales/ar/admin.json'), 'utf8')));
    const en = flatten(JSON.parse(readFileSync(path.join(root, 'locales/en/admin.json'), 'utf8')));
    const dataSheet = [...ar, ...en].filter(([, text]) => /:\s*\{\{count\}\}/.test(text));
    expect(dataSheet).toEqual([]);
    const pluralBases = new Set(ar.filter(([k]) => /_(zero|one|two|few|many|other)$/.test(k)).map(([k]) => k.replace(/_\w+$/, '')));
    expect(pluralBases.size).toBeGreaterThanOrEqual(13);
    const keys = new Set(ar.map(([k]) => k));
    const enKeys = new Set(en.map(([k]) => k));
    for (const base of pluralBases) {
      for (const form of ['zero', 'one', 'two', 'few', 'many', 'other']) expect(keys.has(`${base}_${form}`), `${base}_${form}`).toBe(true);
      for (const form of ['one', 'other']) expect(enKeys.has(`${base}_${form}`), `en ${base}_${form}`).toBe(true);
    }
  });
});
