import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as renderGoTemplate } from '@evertdespiegeleer/go-template';
import { describe, expect, it } from 'vitest';

/**
 * Supabase Auth's e-mail templates (supabase/templates, wired in config.toml as the CLI does): rendered
 * with Go's own text/template (compiled to WebAssembly) with the variables Supabase Auth passes — the
 * 6-digit `.Token` and `.Data` = the user's user_metadata, whose `locale` the API sets at sign-up.
 */
const root = path.resolve(import.meta.dirname, '../..');
const toml = readFileSync(path.join(root, 'supabase/config.toml'), 'utf8');
/** The body of one `[table]` of config.toml, up to the next table header. */
const table = (name: string) => toml.split(/^\[/m).find((t) => t.startsWith(`${name}]`)) ?? '';

const TEMPLATES = {
  confirmation: { en: ['Confirm your email', 'Enter this code to confirm your email address'], ar: ['تأكيد بريدك الإلكتروني', 'أدخل هذا الرمز لتأكيد بريدك الإلكتروني'] },
  recovery: { en: ['Reset your password', 'Enter this code to choose a new password'], ar: ['إعادة تعيين كلمة المرور', 'أدخل هذا الرمز لاختيار كلمة مرور جديدة'] },
} as const;

/** What Supabase Auth renders a template with (its mailer's variables), for a user with this user_metadata. */
const variables = (data: Record<string, unknown>) => ({
  Token: '048213', TokenHash: 'hash', Email: 'someone@example.com', SiteURL: 'http://127.0.0.1:3000',
  ConfirmationURL: 'http://127.0.0.1:54321/auth/v1/verify', RedirectTo: '', Data: data,
});

describe.each(Object.entries(TEMPLATES))('supabase/templates: %s', (name, copy) => {
  const section = table(`auth.email.template.${name}`);
  const contentPath = /^content_path = "(.+)"$/m.exec(section)?.[1];

  it('is wired in config.toml with a subject in both languages and a file that exists', () => {
    // The Supabase CLI resolves e-mail template paths — unlike sql_paths and functions' entrypoints — from the
    // project's root (the folder holding supabase/), not from supabase/: `./templates/…` stops every CLI command
    // at loading config.toml ("Invalid config for auth.email.template.….content_path").
    expect(contentPath, `[auth.email.template.${name}] content_path`).toBe(`./supabase/templates/${name}.html`);
    expect(existsSync(path.join(root, contentPath!))).toBe(true);
    const subject = /^subject = "(.+)"$/m.exec(section)?.[1] ?? '';
    expect(subject).toMatch(/[A-Za-z]/);
    expect(subject).toMatch(/[\u0600-\u06ff]/);
  });

  it('docs/auth.md points at the file', () => {
    expect(readFileSync(path.join(root, 'docs/auth.md'), 'utf8')).toContain(`supabase/templates/${name}.html`);
  });

  const source = () => readFileSync(path.join(root, 'supabase/templates', `${name}.html`), 'utf8');

  it('shows the 6-digit code ({{ .Token }}), never a confirmation link', () => {
    expect(source()).toContain('{{ .Token }}');
    expect(source()).not.toContain('.ConfirmationURL');
  });

  it('renders in Arabic, right to left, for user_metadata.locale = "ar"', async () => {
    const html = await renderGoTemplate(source(), variables({ name: 'سارة', locale: 'ar' }));
    expect(html).toContain('<html lang="ar" dir="rtl">');
    for (const text of copy.ar) expect(html).toContain(text);
    for (const text of copy.en) expect(html).not.toContain(text);
    expect(html).toContain('<b>048213</b>');
    expect(html.trimStart().startsWith('<!doctype html>')).toBe(true);
  });

  it('renders in English for "en", for another locale and for a user without one', async () => {
    for (const data of [{ locale: 'en' }, { locale: 'fr' }, { locale: null }, { locale: 7 }]) {
      const html = await renderGoTemplate(source(), variables(data));
      expect(html, JSON.stringify(data)).toContain('<html lang="en" dir="ltr">');
      for (const text of copy.en) expect(html).toContain(text);
      for (const text of copy.ar) expect(html).not.toContain(text);
      expect(html).toContain('<b>048213</b>');
    }
  });
});
