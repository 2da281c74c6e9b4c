import { Box, Stack, Table } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';
import { Pager } from './pager.tsx';
import { LinesSkeleton } from './query-states.tsx';

/** One column: its header and how a row fills its cell; `align: 'end'` for numbers and actions. */
export interface DataTableColumn<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'start' | 'end';
  /** More cell props (direction, colour, width…), per row. */
  cellProps?: (row: Row) => Table.CellProps;
}

/**
 * The admin lists' table (places, categories, requests, duplicates…) with its states, in this order:
 * `error` (a node, e.g. ErrorState with retry) when given, a skeleton while `loading`, `empty` when
 * there are no rows, else an optional `summary` line (e.g. the role=status total), the table (an
 * `sr-only` caption when given) and the pager (`pager`, hidden for one page). With `card`, narrow
 * screens get a list of cards instead of the table (`cardsLabel` names the list; `card` returns its
 * `li`). `busy` marks the list aria-busy while refetching; `dimmed` fades it (placeholder data).
 */
export function DataTable<Row>({
  rows, rowKey, columns, loading, error, empty, skeletonLines = 6, summary, caption, card, cardsLabel, pager, busy, dimmed, interactive,
}: {
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string | number;
  columns: readonly DataTableColumn<Row>[];
  loading: boolean;
  error?: ReactNode;
  empty: ReactNode;
  skeletonLines?: number;
  summary?: ReactNode;
  caption?: string;
  card?: (row: Row) => ReactNode;
  cardsLabel?: string;
  pager?: { page: number; pages: number; onPage: (page: number) => void; label?: string };
  busy?: boolean;
  dimmed?: boolean;
  /** Row highlight on hover. */
  interactive?: boolean;
}) {
  if (error) return <>{error}</>;
  if (loading || !rows) return <LinesSkeleton lines={skeletonLines} />;
  if (rows.length === 0) return <>{empty}</>;
  return (
    <Box aria-busy={busy || undefined} opacity={dimmed ? 0.6 : 1} transition="opacity 0.15s">
      {summary}
      <Table.ScrollArea borderWidth="1px" borderRadius="lg" hideBelow={card ? 'md' : undefined}>
        <Table.Root size="sm" interactive={interactive}>
          {caption && <Table.Caption srOnly>{caption}</Table.Caption>}
          <Table.Header>
            <Table.Row>
              {columns.map((c, i) => <Table.ColumnHeader key={i} textAlign={c.align}>{c.header}</Table.ColumnHeader>)}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={rowKey(row)}>
                {columns.map((c, i) => <Table.Cell key={i} textAlign={c.align === 'end' ? 'end' : undefined} {...c.cellProps?.(row)}>{c.cell(row)}</Table.Cell>)}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {card && (
        <Stack as="ul" gap="2" hideFrom="md" listStyleType="none" ps="0" m="0" aria-label={cardsLabel}>
          {rows.map((row) => <Fragment key={rowKey(row)}>{card(row)}</Fragment>)}
        </Stack>
      )}
      {pager && <Pager {...pager} />}
    </Box>
  );
}
