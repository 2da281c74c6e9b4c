// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../locales/en/common.json';
import ar from '../../../locales/ar/common.json';
import enOffline from '../../../locales/en/offline.json';
import arOffline from '../../../locales/ar/offline.json';
import { ApiError } from '../../lib/api-client-error.ts';
import { getSystem } from '../ui/system.ts';
import { RenderError } from './render-error.tsx';

async function renderIn(lang: 'en' | 'ar', error: unknown) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: lang, resources: { en: { common: en, offline: enOffline }, ar: { common: ar, offline: arOffline } }, ns: ['common', 'offline'], defaultNS: 'common',
  });
  return render(<ChakraProvider value={getSystem()}><I18nextProvider i18n={i18n}><RenderError error={error} /></I18nextProvider></ChakraProvider>);
}

afterEach(cleanup);

describe('RenderError (issue #30: a network failure said in the reader\'s language)', () => {
  const chunk = new TypeError('Failed to fetch dynamically imported module: https://dalil.example/assets/categories-x.js');
  it.each([
    ['en', chunk, 'No internet connection'], ['ar', chunk, 'لا يوجد اتصال بالإنترنت'],
    ['ar', new ApiError(0, 'network_error', 'Network issue. Please check your connection.'), 'لا يوجد اتصال بالإنترنت'],
    ['en', new Error('boom'), 'Something went wrong'], ['ar', new Error('boom'), 'حدث خطأ ما'],
  ] as const)('%s: %s → "%s", with the details kept for support', async (lang, error, title) => {
    await renderIn(lang, error);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    // the details load with the screen (a module of their own, decision 051)
    fireEvent.click(await screen.findByRole('button', { name: lang === 'ar' ? 'تفاصيل الخطأ' : 'Error details' }));
    expect(document.querySelector('pre')?.textContent).toContain(error.message);
  });
});
