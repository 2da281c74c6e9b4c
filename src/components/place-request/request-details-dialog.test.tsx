// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n.ts';
import type { Lang } from '../../lib/browser-language.ts';
import { PreferencesProvider } from '../../lib/preferences.tsx';
import type { PlaceRequest } from '../../shared/schemas/place-request-schemas.ts';
import { getSystem } from '../ui/system.ts';
import { DetailItem, RequestDetailsDialog } from './request-details-dialog.tsx';

const base: PlaceRequest = {
  id: 41, type: 'create', status: 'pending', payload: {}, place: null,
  user: { id: 'u1', email: 'reader@example.com', name: 'Reader' }, createdAt: '2026-01-03T09:00:00.000Z',
  proposedChanges: [], updatedImages: { logo: null, mainImage: null }, reviewedAt: null, rejectionReason: null,
} as PlaceRequest;

const createRequest: PlaceRequest = {
  ...base,
  payload: { name: 'Corner Cafe', nameAr: 'مقهى الزاوية', categoryId: 3, phone: '+966 11 555 0101', websiteUrl: 'https://cafe.example/' },
};

const rejectedEdit: PlaceRequest = {
  ...base, id: 42, type: 'edit', status: 'rejected',
  place: { id: 9, slug: 'corner-cafe', name: 'Corner Cafe', nameAr: 'مقهى الزاوية' },
  payload: { phone: '+966 11 555 0202' },
  proposedChanges: [{ field: 'phone', before: '+966 11 555 0101', after: '+966 11 555 0202' }],
  updatedImages: { logo: '/uploads/places/logo.png', mainImage: null },
  reviewedAt: '2026-01-04T10:00:00.000Z', rejectionReason: 'The number does not answer.',
  reviewer: { id: 'a1', email: 'admin@example.com', name: '' },
} as PlaceRequest;

beforeAll(async () => {
  // jsdom has no matchMedia; Chakra's breakpoint hooks ask it (a wide screen here).
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('min-width'), media: query, onchange: null,
    addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false,
  }));
  await initI18n('en');
  await i18n.loadLanguages(['en', 'ar']);
});

afterEach(cleanup);

async function show(lang: Lang, props: Partial<Parameters<typeof RequestDetailsDialog>[0]> & { request: PlaceRequest | undefined }) {
  await i18n.changeLanguage(lang);
  return render(
    <ChakraProvider value={getSystem()}>
      <I18nextProvider i18n={i18n}>
        <PreferencesProvider initialLang={lang} initialTheme="light">
          <RequestDetailsDialog open onOpenChange={() => {}} title={`Request ${props.request?.id ?? ''}`}
            lookups={{ category: (id) => (id === 3 ? (lang === 'ar' ? 'مقاهي' : 'Cafés') : undefined) }} {...props} />
        </PreferencesProvider>
      </I18nextProvider>
    </ChakraProvider>,
  );
}

describe('RequestDetailsDialog (profile requests and admin Requests)', () => {
  it('en, creation request: named by its title, status badge, each submitted field labelled, names for ids, links', async () => {
    await show('en', { request: createRequest });
    const dialog = await screen.findByRole('dialog', { name: 'Request 41' });
    const d = within(dialog);
    expect(d.getByText('Pending')).toBeTruthy();
    expect(d.getByRole('heading', { name: 'Submitted information' })).toBeTruthy();
    for (const label of ['Submitted', 'Name (English)', 'Name (Arabic)', 'Category', 'Phone', 'Website']) expect(d.getByText(label, { exact: true }), label).toBeTruthy();
    expect(d.getByText('Corner Cafe')).toBeTruthy();
    expect(d.getByText('Cafés')).toBeTruthy();
    expect(d.getByRole('link', { name: /cafe\.example/ }).getAttribute('href')).toBe('https://cafe.example/');
    // Pending: no decision facts, no rejection reason.
    expect(d.queryByText('Decided on')).toBeNull();
    expect(d.queryByText('Reason for rejection')).toBeNull();
    expect(d.getAllByRole('button', { name: 'Close' }).length).toBeGreaterThan(0);
  });

  it('ar, rejected edit: the reason, who decided (admin answers), before → after per field, the updated logo', async () => {
    await show('ar', { request: rejectedEdit });
    const dialog = await screen.findByRole('dialog', { name: 'Request 42' });
    const d = within(dialog);
    expect(d.getByText('مرفوض')).toBeTruthy();
    expect(d.getByText('سبب الرفض')).toBeTruthy();
    expect(d.getByText('The number does not answer.')).toBeTruthy();
    expect(d.getByText('تاريخ القرار')).toBeTruthy();
    expect(d.getByText('صاحب القرار')).toBeTruthy();
    expect(d.getByText('admin@example.com')).toBeTruthy();
    expect(d.getByRole('heading', { name: 'التغييرات المقترحة' })).toBeTruthy();
    const change = d.getByRole('listitem');
    expect(change.textContent).toContain('الهاتف');
    expect(change.textContent).toContain('قبل+966 11 555 0101');
    expect(change.textContent).toContain('بعد+966 11 555 0202');
    expect(d.getByRole('img', { name: 'الشعار لـ مقهى الزاوية' }).getAttribute('src')).toBe('/uploads/places/logo.png');
  });

  it('profile answers carry no reviewer: no "Decided by"; page slots (facts, notice, aside, actions) are rendered in place', async () => {
    const { reviewer: _, ...noReviewer } = rejectedEdit;
    await show('en', {
      request: noReviewer as PlaceRequest,
      facts: <DetailItem label="Requester">reader@example.com</DetailItem>,
      notice: <p>Likely duplicates</p>,
      aside: <a href="/p/corner-cafe">View the place</a>,
      actions: <button type="button">Approve</button>,
    });
    const d = within(await screen.findByRole('dialog', { name: 'Request 42' }));
    expect(d.queryByText('Decided by')).toBeNull();
    expect(d.getByText('Decided on')).toBeTruthy();
    expect(d.getByText('Requester')).toBeTruthy();
    expect(d.getByText('Likely duplicates')).toBeTruthy();
    expect(d.getByRole('link', { name: 'View the place' })).toBeTruthy();
    expect(d.getByRole('button', { name: 'Approve' })).toBeTruthy();
  });

  it('shows the placeholder (loading, error) and no actions while the request is not there', async () => {
    await show('en', { request: undefined, placeholder: <p>Loading…</p>, actions: <button type="button">Approve</button> });
    const d = within(await screen.findByRole('dialog'));
    expect(d.getByText('Loading…')).toBeTruthy();
    expect(d.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('is the only request-details dialog: profile and admin both use this one', () => {
    const src = join(import.meta.dirname, '../..');
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
    const all = files(src).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
    // Only the shared component lays out submitted fields and proposed changes.
    expect(all.filter((f) => /proposedChanges\.map\(/.test(f.text)).map((f) => f.path)).toEqual([join(src, 'components/place-request/request-details-dialog.tsx')]);
    const users = all.filter((f) => f.text.includes("components/place-request/request-details-dialog.tsx'")).map((f) => f.path);
    expect(users.some((p) => p.includes('features/contributions/'))).toBe(true);
    expect(users.some((p) => p.includes('features/admin/'))).toBe(true);
  });
});
