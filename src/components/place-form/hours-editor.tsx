import { Button, Field, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import '../ui/late-recipes.ts';
import { Copy, Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { closedWeek, formatHoursRows, parseHoursRows, sameHoursRows, type HoursRows } from '../../shared/opening-hours-rows.ts';
import { WEEK_DISPLAY_ORDER, WEEKDAYS, type HoursInterval, type Weekday } from '../../shared/schemas/opening-hours-schemas.ts';

// The editor's strings are in the `forms` namespace, which only the forms load (not the `common` one every public
// page loads before it is interactive, decision 036): start loading it with this chunk, before the form renders.
if (i18n.isInitialized) void i18n.loadNamespaces('forms');

type Mode = 'none' | 'rows' | 'text';
type DayKind = 'closed' | 'allDay' | 'hours';

const ALL_DAY: HoursInterval = { from: '00:00', to: '24:00' };
const DEFAULT_INTERVAL: HoursInterval = { from: '08:00', to: '17:00' };
const kindOf = (intervals: HoursInterval[]): DayKind =>
  intervals.length === 0 ? 'closed' : intervals.length === 1 && intervals[0].from === '00:00' && intervals[0].to === '24:00' ? 'allDay' : 'hours';

interface State { mode: Mode; rows: HoursRows; text: string; original: { value: string; rows: HoursRows | null }; emitted: string }

function stateOf(value: string): State {
  const rows = parseHoursRows(value);
  return { mode: !value.trim() ? 'none' : rows ? 'rows' : 'text', rows: rows ?? closedWeek(), text: value, original: { value, rows }, emitted: value };
}

/**
 * The place forms' opening-hours editor over the `openingHours` text (OSM syntax): "Not given", "By day" —
 * a row per day (Sunday first) that is closed, open 24 hours or open in one or more intervals, with
 * "Copy to all days" — or "As text" for values the rows cannot show (`PH off`, months, comments), which
 * then stay editable as they are. Unchanged rows give back the exact original string. No parser is
 * loaded: the API validates (its field error shows under the editor). Decision 029.
 */
export function HoursEditor({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  const { t } = useTranslation(['forms', 'common']);
  const id = useId();
  const [stored, setState] = useState(() => stateOf(value));
  // the form was reset (dialog reopened, another place): start again from its value (React's
  // "adjust state when a prop changes" pattern; `emitted` is the last value this editor gave the form)
  let state = stored;
  if (value !== stored.emitted) {
    state = stateOf(value);
    setState(state);
  }

  const emit = (next: State) => {
    const out = next.mode === 'none' ? ''
      : next.mode === 'text' ? next.text
        : next.original.rows && sameHoursRows(next.rows, next.original.rows) ? next.original.value : formatHoursRows(next.rows);
    setState({ ...next, emitted: out });
    onChange(out);
  };
  const setDay = (day: Weekday, intervals: HoursInterval[]) => emit({ ...state, rows: { ...state.rows, [day]: intervals } });
  const dayName = (day: Weekday) => t(`common:hours.days.${day}`);
  const textRows = parseHoursRows(state.text);

  const setMode = (mode: Mode) => {
    if (mode === 'rows' && state.mode === 'text') {
      if (!textRows) return; // the option is disabled then
      emit({ ...state, mode, rows: textRows });
    } else if (mode === 'text' && state.mode === 'rows') {
      emit({ ...state, mode, text: state.original.rows && sameHoursRows(state.rows, state.original.rows) ? state.original.value : formatHoursRows(state.rows) });
    } else emit({ ...state, mode });
  };

  return (
    <Field.Root invalid={!!error}>
      <Stack gap="3" width="full">
        <Field.Label htmlFor={`${id}-mode`}>{t('hoursEditor.mode')}</Field.Label>
        <NativeSelect.Root maxW="sm">
          <NativeSelect.Field id={`${id}-mode`} value={state.mode} onChange={(e) => setMode(e.currentTarget.value as Mode)}>
            <option value="none">{t('hoursEditor.modes.none')}</option>
            <option value="rows" disabled={state.mode === 'text' && !textRows}>{t('hoursEditor.modes.rows')}</option>
            <option value="text">{t('hoursEditor.modes.text')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>

        {state.mode === 'text' && (
          <Stack gap="1">
            <Input
              aria-label={t('hoursEditor.textLabel')} aria-describedby={`${id}-text-help`} dir="ltr" autoComplete="off"
              value={state.text} onChange={(e) => emit({ ...state, text: e.currentTarget.value })}
            />
            <Text id={`${id}-text-help`} fontSize="sm" color="fg.muted">
              {textRows || !state.text.trim() ? t('hoursEditor.textHelp') : t('hoursEditor.textOnly')}
            </Text>
          </Stack>
        )}

        {state.mode === 'rows' && (
          <Stack gap="3" as="ul" listStyleType="none" data-testid="hours-editor-rows">
            {WEEK_DISPLAY_ORDER.map((day) => {
              const intervals = state.rows[day];
              const kind = kindOf(intervals);
              return (
                <Stack as="li" key={day} gap="2" borderBottomWidth="1px" pb="3" role="group" aria-labelledby={`${id}-${day}`}>
                  <HStack gap="3" wrap="wrap">
                    <Text id={`${id}-${day}`} fontWeight="semibold" minW="24">{dayName(day)}</Text>
                    <NativeSelect.Root size="sm" maxW="48">
                      <NativeSelect.Field
                        aria-label={t('hoursEditor.dayKind', { day: dayName(day) })} value={kind}
                        onChange={(e) => {
                          const next = e.currentTarget.value as DayKind;
                          setDay(day, next === 'closed' ? [] : next === 'allDay' ? [ALL_DAY] : [DEFAULT_INTERVAL]);
                        }}
                      >
                        <option value="hours">{t('hoursEditor.kinds.hours')}</option>
                        <option value="allDay">{t('common:hours.open24')}</option>
                        <option value="closed">{t('common:hours.closed')}</option>
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    <Button
                      size="xs" variant="ghost" aria-label={t('hoursEditor.copyToAll', { day: dayName(day) })}
                      onClick={() => emit({ ...state, rows: Object.fromEntries(WEEKDAYS.map((d) => [d, intervals.map((i) => ({ ...i }))])) as unknown as HoursRows })}
                    >
                      <Copy size={14} aria-hidden /> {t('hoursEditor.copyToAllShort')}
                    </Button>
                  </HStack>
                  {kind === 'hours' && intervals.map((interval, n) => {
                    const label = (end: 'opens' | 'closes') => t(`hoursEditor.${end}`, { day: dayName(day), n: n + 1 });
                    const change = (patch: Partial<HoursInterval>) => setDay(day, intervals.map((x, i) => (i === n ? { ...x, ...patch } : x)));
                    return (
                      <HStack key={n} gap="2" wrap="wrap">
                        <Input type="time" size="sm" maxW="36" aria-label={label('opens')} value={interval.from} onChange={(e) => change({ from: e.currentTarget.value })} />
                        <Text aria-hidden>–</Text>
                        <Input
                          type="time" size="sm" maxW="36" aria-label={label('closes')} value={interval.to === '24:00' ? '00:00' : interval.to}
                          onChange={(e) => change({ to: e.currentTarget.value === '00:00' ? '24:00' : e.currentTarget.value })}
                        />
                        {intervals.length > 1 && (
                          <IconButton size="xs" variant="ghost" aria-label={t('hoursEditor.removeInterval', { day: dayName(day), n: n + 1 })} onClick={() => setDay(day, intervals.filter((_, i) => i !== n))}>
                            <X size={14} aria-hidden />
                          </IconButton>
                        )}
                      </HStack>
                    );
                  })}
                  {kind === 'hours' && (
                    <Button
                      size="xs" variant="outline" alignSelf="start" aria-label={t('hoursEditor.addInterval', { day: dayName(day) })}
                      onClick={() => setDay(day, [...intervals, { from: '16:00', to: '22:00' }])}
                    >
                      <Plus size={14} aria-hidden /> {t('hoursEditor.addIntervalShort')}
                    </Button>
                  )}
                </Stack>
              );
            })}
          </Stack>
        )}
        {state.mode === 'rows' && <Text fontSize="sm" color="fg.muted">{t('hoursEditor.rowsHelp')}</Text>}
      </Stack>
      <Field.ErrorText color={{ _light: 'red.700', _dark: 'red.300' }}>{error}</Field.ErrorText>
    </Field.Root>
  );
}
