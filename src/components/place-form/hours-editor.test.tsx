// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { useState } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../locales/en/common.json';
import ar from '../../../locales/ar/common.json';
import enForms from '../../../locales/en/forms.json';
import arForms from '../../../locales/ar/forms.json';
import { getSystem } from '../ui/system.ts';
import { HoursEditor } from './hours-editor.tsx';

/** The editor over a value as a form holds it; `seen` collects every value it gives back. */
async function renderEditor(initial: string, lang: 'en' | 'ar' = 'en', resetTo?: string) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng: lang, resources: { en: { common: en, forms: enForms }, ar: { common: ar, forms: arForms } }, ns: ['common', 'forms'], defaultNS: 'common' });
  const seen: string[] = [];
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <>
        <HoursEditor value={value} onChange={(v) => { seen.push(v); setValue(v); }} />
        {resetTo !== undefined && <button type="button" onClick={() => setValue(resetTo)}>reset</button>}
      </>
    );
  }
  render(
    <ChakraProvider value={getSystem()}>
      <I18nextProvider i18n={i18n}><div dir={lang === 'ar' ? 'rtl' : 'ltr'}><Harness /></div></I18nextProvider>
    </ChakraProvider>,
  );
  return seen;
}

const last = (seen: string[]) => seen.at(-1);
afterEach(cleanup);

describe('HoursEditor', () => {
  it('shows a plain weekly value as day rows (Sunday first), and gives back the exact original string when the rows end as they began', async () => {
    const seen = await renderEditor('Sa-Th 08:00-12:00,16:00-22:00; Fr 16:00-22:00');
    expect(screen.getByLabelText('How to give the hours')).toHaveProperty('value', 'rows');
    const kinds = screen.getAllByRole('combobox', { name: /^Hours on / });
    expect(kinds.map((k) => k.getAttribute('aria-label'))).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((d) => `Hours on ${d}`));
    expect(screen.getByLabelText('Friday: opens (interval 1)')).toHaveProperty('value', '16:00');
    // change Friday's opening, then change it back: the original text is kept as it was
    fireEvent.change(screen.getByLabelText('Friday: opens (interval 1)'), { target: { value: '15:00' } });
    expect(last(seen)).toBe('Mo-Th,Sa-Su 08:00-12:00,16:00-22:00; Fr 15:00-22:00');
    fireEvent.change(screen.getByLabelText('Friday: opens (interval 1)'), { target: { value: '16:00' } });
    expect(last(seen)).toBe('Sa-Th 08:00-12:00,16:00-22:00; Fr 16:00-22:00');
  });

  it('closes a day, opens one 24 hours, adds and removes intervals, copies a day to all days, writes 24/7', async () => {
    const seen = await renderEditor('Mo-Su 09:00-17:00');
    fireEvent.change(screen.getByLabelText('Hours on Friday'), { target: { value: 'closed' } });
    expect(last(seen)).toBe('Mo-Th,Sa-Su 09:00-17:00');
    fireEvent.click(screen.getByRole('button', { name: 'Add an interval on Sunday' }));
    expect(last(seen)).toBe('Mo-Th,Sa 09:00-17:00; Su 09:00-17:00,16:00-22:00');
    fireEvent.change(screen.getByLabelText('Sunday: opens (interval 2)'), { target: { value: '18:00' } });
    fireEvent.change(screen.getByLabelText('Sunday: closes (interval 2)'), { target: { value: '00:00' } });
    expect(last(seen)).toBe('Mo-Th,Sa 09:00-17:00; Su 09:00-17:00,18:00-24:00');
    fireEvent.click(screen.getByRole('button', { name: 'Remove interval 1 on Sunday' }));
    expect(last(seen)).toBe('Mo-Th,Sa 09:00-17:00; Su 18:00-24:00');
    fireEvent.change(screen.getByLabelText('Hours on Monday'), { target: { value: 'allDay' } });
    fireEvent.click(screen.getByRole('button', { name: "Copy Monday's hours to all days" }));
    expect(last(seen)).toBe('24/7');
    fireEvent.change(screen.getByLabelText('How to give the hours'), { target: { value: 'none' } });
    expect(last(seen)).toBe('');
  });

  it('keeps a value the rows cannot show as editable text (day rows unavailable for it)', async () => {
    const seen = await renderEditor('Mo-Fr 08:00-17:00; PH off');
    expect(screen.getByLabelText('How to give the hours')).toHaveProperty('value', 'text');
    const text = screen.getByLabelText('Opening hours in OpenStreetMap syntax');
    expect(text).toHaveProperty('value', 'Mo-Fr 08:00-17:00; PH off');
    expect(screen.getByRole('option', { name: 'By day' })).toHaveProperty('disabled', true);
    fireEvent.change(text, { target: { value: 'Mo-Fr 08:00-18:00' } });
    expect(last(seen)).toBe('Mo-Fr 08:00-18:00');
    // now plain weekly: the rows take it
    fireEvent.change(screen.getByLabelText('How to give the hours'), { target: { value: 'rows' } });
    expect(screen.getByLabelText('Monday: closes (interval 1)')).toHaveProperty('value', '18:00');
    expect(last(seen)).toBe('Mo-Fr 08:00-18:00');
  });

  it('starts again from the form\'s value when the form is reset (another place, dialog reopened)', async () => {
    const seen = await renderEditor('', 'en', 'Mo-Fr 08:00-17:00 "by appointment"');
    expect(screen.getByLabelText('How to give the hours')).toHaveProperty('value', 'none');
    fireEvent.click(screen.getByRole('button', { name: 'reset' }));
    expect(screen.getByLabelText('How to give the hours')).toHaveProperty('value', 'text');
    expect(screen.getByLabelText('Opening hours in OpenStreetMap syntax')).toHaveProperty('value', 'Mo-Fr 08:00-17:00 "by appointment"');
    expect(seen).toEqual([]); // a reset is not an edit
  });

  it('names the days in Arabic on Arabic pages', async () => {
    await renderEditor('Su 10:00-14:00', 'ar');
    expect(screen.getByLabelText('ساعات يوم الأحد')).toHaveProperty('value', 'hours');
    expect(screen.getByLabelText('ساعات يوم الجمعة')).toHaveProperty('value', 'closed');
  });
});
