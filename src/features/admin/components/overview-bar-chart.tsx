import { Box, Heading, Table, Text, VisuallyHidden, useBreakpointValue, useChakraContext } from '@chakra-ui/react';
import { Bar, BarChart, CartesianGrid, LabelList, XAxis, YAxis } from 'recharts';
import { formatNumber } from '../../../lib/intl.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { CHART_ROWS, type ChartRow } from '../overview-view.ts';

interface Props {
  /** Prefix of the element ids (heading, caption). */
  id: string;
  title: string;
  /** One sentence saying what the chart shows (the figure's caption, read by screen readers). */
  summary: string;
  nameHeader: string;
  countHeader: string;
  rows: ChartRow[];
}

const BAR_PX = 34;
/** `var(--chakra-colors-…)` of a colour token of the system. */
const tokenVar = (system: ReturnType<typeof useChakraContext>, token: string): string => system.token.var(`colors.${token}`);
const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * A horizontal bar chart of place counts (the CHART_ROWS largest rows), as a figure: its caption
 * summarises it, a visually hidden table lists every row for screen readers, and the SVG itself is
 * hidden from them (Recharts' keyboard layer off). In Arabic the bars grow from the right and the
 * names stand on the right (the SVG keeps ltr coordinates; the axes are mirrored instead).
 */
export function OverviewBarChart({ id, title, summary, nameHeader, countHeader, rows }: Props) {
  const { dir, lang } = usePreferences();
  const system = useChakraContext();
  const rtl = dir === 'rtl';
  const shown = rows.slice(0, CHART_ROWS);
  const data = shown.map((r) => ({ name: r.label, count: r.count }));
  // Chakra's semantic tokens as CSS variables: the bars and texts follow the light/dark theme
  const color = (token: string) => tokenVar(system, token);
  const nameWidth = useBreakpointValue({ base: 110, md: 170 }) ?? 110;
  return (
    <Box as="section" aria-labelledby={`${id}-title`} borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '5' }} minW="0">
      <Heading as="h2" id={`${id}-title`} size="md" mb="1">{title}</Heading>
      <Box as="figure" m="0">
        <Text as="figcaption" id={`${id}-summary`} fontSize="sm" color="fg.muted" mb="3">{summary}</Text>
        <Box aria-hidden="true" dir="ltr" data-testid={`${id}-chart`}>
          <Box h={`${shown.length * BAR_PX + 8}px`} fontSize="xs" css={{ '& svg': { overflow: 'visible' }, '& *': { outline: 'none' } }}>
            <BarChart data={data} width="100%" height="100%" layout="vertical" responsive accessibilityLayer={false} margin={{ top: 4, bottom: 4, left: 8, right: 8 }}>
              <CartesianGrid horizontal={false} stroke={color('border.muted')} />
              <XAxis type="number" dataKey="count" hide reversed={rtl} domain={[0, (max: number) => Math.ceil(max * 1.15)]} />
              <YAxis
                type="category" dataKey="name" orientation={rtl ? 'right' : 'left'} width={nameWidth}
                tickLine={false} axisLine={false} interval={0} tick={{ fill: color('fg.muted') }} tickFormatter={(v: string) => truncate(v, Math.floor(nameWidth / 7))}
              />
              <Bar dataKey="count" fill={color('brand.solid')} radius={4} isAnimationActive={false}>
                <LabelList dataKey="count" content={(props) => {
                  // the count after the bar's end: left of it in Arabic (the axis is reversed), right of it otherwise
                  const box = props.viewBox as { x?: number; y?: number; width?: number; height?: number } | undefined;
                  const x = box?.x ?? 0;
                  const width = box?.width ?? 0;
                  const end = rtl ? Math.min(x, x + width) - 6 : Math.max(x, x + width) + 6;
                  return (
                    <text x={end} y={(box?.y ?? 0) + (box?.height ?? 0) / 2} dominantBaseline="central" textAnchor={rtl ? 'end' : 'start'} fill={color('fg')}>
                      {formatNumber(Number(props.value), lang)}
                    </text>
                  );
                }} />
              </Bar>
            </BarChart>
          </Box>
        </Box>
        <VisuallyHidden>
          <Table.Root size="sm">
            <Table.Caption>{title}</Table.Caption>
            <Table.Header>
              <Table.Row><Table.ColumnHeader>{nameHeader}</Table.ColumnHeader><Table.ColumnHeader>{countHeader}</Table.ColumnHeader></Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r) => (
                <Table.Row key={r.key}><Table.Cell>{r.label}</Table.Cell><Table.Cell>{formatNumber(r.count, lang)}</Table.Cell></Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </VisuallyHidden>
      </Box>
    </Box>
  );
}
