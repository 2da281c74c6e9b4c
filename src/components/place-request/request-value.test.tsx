// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../locales/en/common.json';
import ar from '../../../locales/ar/common.json';
import { getSystem } from '../ui/system.ts';
import { describeValue } from './display-value.ts';
import { RequestValueView } from './request-value.tsx';

async function renderValue(lang: 'en' | 'ar', field: string, value: unknown) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng: lang, resources: { en: { common: en }, ar: { common: ar } }, ns: ['common'], defaultNS: 'common' });
  const lookups = { category: (id: number) => (id === 3 ? (lang === 'ar' ? 'مقاهي' : 'Cafés') : undefined) };
  return render(
    <ChakraProvider value={getSystem()}>
      <I18nextProvider i18n={i18n}>
        <div dir={lang === 'ar' ? 'rtl' : 'ltr'}><RequestValueView value={describeValue(field, value, lookups)} alt="Logo — after" /></div>
      </I18nextProvider>
    </ChakraProvider>,
  );
}

afterEach(cleanup);

describe('RequestValueView (profile request details, admin Requests and History)', () => {
  it.each([['en', '(empty)'], ['ar', '(فارغ)']] as const)('%s: a cleared field reads %s', async (lang, word) => {
    const { container } = await renderValue(lang, 'phone', null);
    expect(container.textContent).toBe(word);
  });

  it('names the category instead of its id, in the page’s language; an unknown id stays #id left-to-right', async () => {
    expect((await renderValue('ar', 'categoryId', 3)).container.textContent).toBe('مقاهي');
    cleanup();
    const { container } = await renderValue('en', 'zoneId', 8);
    expect(container.textContent).toBe('#8');
    expect(container.querySelector('[dir="ltr"]')?.textContent).toBe('#8');
  });

  it.each([['en', '(opens in a new tab)'], ['ar', '(يفتح في علامة تبويب جديدة)']] as const)('%s: a website is a left-to-right link to a new tab, said so to screen readers', async (lang, hint) => {
    await renderValue(lang, 'websiteUrl', 'https://pharmacy.example/');
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('https://pharmacy.example/');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.getAttribute('dir')).toBe('ltr');
    expect(link.textContent).toBe(`https://pharmacy.example/${hint}`);
  });

  it('previews an image with its alt text, and shows its address when it cannot be loaded (both languages)', async () => {
    await renderValue('ar', 'logoUrl', '/uploads/places/logo.png');
    const image = screen.getByRole('img', { name: 'Logo — after' });
    fireEvent.error(image);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('تعذّر تحميل الصورة:', { exact: false }).textContent).toContain('/uploads/places/logo.png');
  });

  it('keeps Arabic text right-to-left and free text in its own direction', async () => {
    const { container } = await renderValue('en', 'nameAr', 'صيدلية النهدي');
    expect(container.querySelector('[dir="rtl"]')?.textContent).toBe('صيدلية النهدي');
    cleanup();
    const other = await renderValue('ar', 'address', 'King Fahd Road');
    expect(other.container.querySelector('span[dir="auto"]')?.textContent).toBe('King Fahd Road');
  });
});
