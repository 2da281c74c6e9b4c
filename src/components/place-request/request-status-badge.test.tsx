// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../locales/en/common.json';
import ar from '../../../locales/ar/common.json';
import type { PlaceRequestStatus } from '../../shared/schemas/place-request-schemas.ts';
import { getSystem } from '../ui/system.ts';
import { RequestStatusBadge } from './request-status-badge.tsx';

async function renderIn(lang: 'en' | 'ar', status: PlaceRequestStatus | null) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng: lang, resources: { en: { common: en }, ar: { common: ar } }, ns: ['common'], defaultNS: 'common' });
  return render(
    <ChakraProvider value={getSystem()}>
      <I18nextProvider i18n={i18n}>
        <div dir={lang === 'ar' ? 'rtl' : 'ltr'} lang={lang}><RequestStatusBadge status={status} /></div>
      </I18nextProvider>
    </ChakraProvider>,
  );
}

afterEach(cleanup);

describe('RequestStatusBadge (profile and admin Requests)', () => {
  it.each([
    ['en', 'pending', 'Pending'], ['en', 'approved', 'Approved'], ['en', 'rejected', 'Rejected'],
    ['ar', 'pending', 'قيد المراجعة'], ['ar', 'approved', 'معتمد'], ['ar', 'rejected', 'مرفوض'],
  ] as const)('%s %s: says "%s" beside an icon screen readers skip', async (lang, status, word) => {
    const { container } = await renderIn(lang, status);
    const badge = screen.getByText(word);
    expect(badge.textContent?.trim()).toBe(word);
    const icon = container.querySelector('svg');
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    expect(badge.closest('[dir]')?.getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
  });

  it('shows an outlined dash for an unknown status, with no word or icon', async () => {
    const { container } = await renderIn('ar', null);
    expect(container.textContent).toBe('—');
    expect(container.querySelector('svg')).toBeNull();
  });

  it('is the only status badge: profile and admin import this one', () => {
    const src = join(import.meta.dirname, '../..');
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
    const all = files(src).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
    expect(all.filter((f) => /function RequestStatusBadge\b/.test(f.text)).map((f) => f.path)).toEqual([join(src, 'components/place-request/request-status-badge.tsx')]);
    const users = all.filter((f) => f.text.includes("components/place-request/request-status-badge.tsx'")).map((f) => f.path);
    expect(users.some((p) => p.includes('features/contributions/'))).toBe(true);
    expect(users.some((p) => p.includes('features/admin/'))).toBe(true);
  });
});
