// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { ComponentProps } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en/common.json';
import { DataTable } from './data-table.tsx';
import { getSystem } from './system.ts';

interface Row { id: number; name: string; count: number }
const ROWS: Row[] = [{ id: 1, name: 'Cafés', count: 12 }, { id: 2, name: 'Pharmacies', count: 3 }];

async function show(props: Partial<ComponentProps<typeof DataTable<Row>>>) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { common: en } }, ns: ['common'], defaultNS: 'common' });
  return render(
    <ChakraProvider value={getSystem()}>
      <I18nextProvider i18n={i18n}>
        <DataTable<Row>
          rows={ROWS}
          rowKey={(r) => r.id}
          loading={false}
          empty={<p>No categories yet</p>}
          columns={[
            { header: 'Name', cell: (r) => r.name },
            { header: 'Places', cell: (r) => r.count, align: 'end', cellProps: (r) => ({ 'data-testid': `count-${r.id}` } as never) },
          ]}
          {...props}
        />
      </I18nextProvider>
    </ChakraProvider>,
  );
}

afterEach(cleanup);

describe('DataTable (admin lists)', () => {
  it('renders a header row and one row per item, cells in column order, with its caption and summary', async () => {
    await show({ caption: 'Categories', summary: <p role="status">2 categories</p> });
    const table = screen.getByRole('table', { name: 'Categories' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Places']);
    expect(within(rows[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Cafés', '12']);
    expect(within(rows[2]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Pharmacies', '3']);
    expect(screen.getByTestId('count-1').tagName).toBe('TD');
    expect(screen.getByRole('status').textContent).toBe('2 categories');
    expect(screen.queryByText('No categories yet')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull(); // no cards unless asked
  });

  it('shows the empty state, and nothing of the table, when there are no rows', async () => {
    await show({ rows: [], summary: <p role="status">0</p> });
    expect(screen.getByText('No categories yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a busy skeleton while loading (or before any rows), and the error instead of both', async () => {
    const { container } = await show({ loading: true, skeletonLines: 4 });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('No categories yet')).toBeNull();
    const skeleton = container.querySelector('[aria-busy="true"]');
    expect(skeleton?.children).toHaveLength(4);
    cleanup();
    await show({ rows: undefined });
    expect(screen.queryByRole('table')).toBeNull();
    cleanup();
    await show({ loading: true, rows: undefined, error: <div role="alert">Failed to load</div> });
    expect(screen.getByRole('alert').textContent).toBe('Failed to load');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers cards in a named list for narrow screens, marks a refetch busy, and pages', async () => {
    const onPage = vi.fn();
    const { container } = await show({
      card: (r) => <li>{r.name} card</li>, cardsLabel: 'Categories', busy: true,
      pager: { page: 1, pages: 3, onPage, label: 'Categories pages' },
    });
    const list = screen.getByRole('list', { name: 'Categories' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Cafés card', 'Pharmacies card']);
    expect(container.querySelector('[aria-busy="true"]')?.contains(screen.getByRole('table'))).toBe(true);
    const pager = screen.getByRole('navigation', { name: 'Categories pages' });
    expect(within(pager).getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(within(pager).getByRole('button', { name: /Next/ }));
    expect(onPage).toHaveBeenCalledWith(2);
  });
});
