// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, render } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../locales/en/common.json';
import ar from '../../../locales/ar/common.json';
import { getSystem } from '../ui/system.ts';
import { describeValue } from './display-value.ts';
import { RequestValueView } from './request-value.tsx';

async function renderHours(lang: 'en' | 'ar', value: unknown) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng: lang, resources: { en: { common: en }, ar: { common: ar } }, ns: ['common'], defaultNS: 'common' });
  return render(
    <ChakraProvider value={getSystem()}>
      <I18nextProvider i18n={i18n}><div dir={lang === 'ar' ? 'rtl' : 'ltr'}><RequestValueView value={describeValue('openingHours', value)} alt="Hours" /></div></I18nextProvider>
    </ChakraProvider>,
  );
}

const lines = (container: HTMLElement) => [...container.querySelectorAll('[data-testid="hours-value"] > span')].map((s) => s.textContent);
afterEach(cleanup);

describe('opening hours in request details and history (before → after)', () => {
  it('reads as week lines, Sunday first with equal consecutive days joined, over the stored text', async () => {
    const { container } = await renderHours('en', 'Sa-Th 08:00-12:00,16:00-22:00; Fr 16:00-02:00');
    expect(lines(container)).toEqual([
      'Sunday–Thursday: 08:00–12:00, 16:00–22:00', 'Friday: 16:00–02:00\u00a0(next\u00a0day)', 'Saturday: 08:00–12:00, 16:00–22:00',
      'Sa-Th 08:00-12:00,16:00-22:00; Fr 16:00-02:00',
    ]);
    expect(container.querySelector('[data-testid="hours-value"] [dir="ltr"]')?.textContent).toBe('Sa-Th 08:00-12:00,16:00-22:00; Fr 16:00-02:00');
  });

  it('in Arabic: Arabic day names; 24/7 reads as one line', async () => {
    const { container } = await renderHours('ar', '24/7');
    expect(lines(container)).toEqual(['الأحد–السبت: مفتوح على مدار الساعة', '24/7']);
    cleanup();
    const closedFriday = await renderHours('ar', 'Sa-Th 09:00-17:00');
    expect(lines(closedFriday.container)).toContain('الجمعة: مغلق');
  });

  it('in Arabic: the 12-hour clock with ص/م, a range past midnight says it ends the next day (issue 30)', async () => {
    const { container } = await renderHours('ar', 'Sa-Th 08:00-12:00,16:00-22:00; Fr 16:00-02:00; Sa 07:00-24:00');
    // no-break spaces: before ص/م, and in and before the bracketed note
    const nb = (s: string) => s.replace(/ (?=[صم])/g, '\u00a0').replace(/ \(([^)]*)\)/g, (_, note: string) => `\u00a0(${note.replaceAll(' ', '\u00a0')})`);
    expect(lines(container).slice(0, 3)).toEqual([
      nb('الأحد–الخميس: 8:00 ص – 12:00 م، 4:00 م – 10:00 م'),
      nb('الجمعة: 4:00 م – 2:00 ص (اليوم التالي)'),
      nb('السبت: 7:00 ص – 12:00 ص (منتصف الليل)'),
    ]);
  });

  it('the note of a range past midnight stays on one line with its closing time: no breaking space in or before it', async () => {
    const { container } = await renderHours('ar', 'Fr 16:00-02:00; Sa 07:00-24:00');
    const arabic = lines(container).filter((line) => line?.includes('('));
    expect(arabic).toHaveLength(2);
    for (const line of arabic) expect(line).toMatch(/ص\u00a0\([^ ]+\)$/);
    cleanup();
    const english = lines((await renderHours('en', 'Fr 16:00-02:00')).container).find((line) => line?.includes('('));
    expect(english).toBe('Friday: 16:00–02:00\u00a0(next\u00a0day)');
  });

  it('a value the lines cannot show is its text, left-to-right; a cleared value reads (empty)', async () => {
    const { container } = await renderHours('ar', 'Mo-Fr 08:00-17:00; PH off');
    expect(container.querySelector('[data-testid="hours-value"]')).toBeNull();
    expect(container.textContent).toBe('Mo-Fr 08:00-17:00; PH off');
    expect(container.querySelector('[dir="ltr"]')?.textContent).toBe('Mo-Fr 08:00-17:00; PH off');
    cleanup();
    expect((await renderHours('en', null)).container.textContent).toBe('(empty)');
  });
});
