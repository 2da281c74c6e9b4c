import { Box, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../../../lib/intl.ts';
import { dayHoursText } from '../../../lib/opening-hours-text.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { WEEK_DISPLAY_ORDER } from '../../../shared/opening-hours.ts';
import type { HoursDay, PlaceHours } from '../../../shared/schemas/opening-hours-schemas.ts';

/** Minutes before a change at which the status counts down ("Closes in 25 min") instead of naming the time. */
const COUNTDOWN_MIN = 60;

/** A day's intervals for people: "08:30–12:30, 16:00–20:30", "Open 24 hours", "Closed" or "Not known". */
function useDayText() {
  const { t } = useTranslation();
  const { lang } = usePreferences();
  return (day: HoursDay) => dayHoursText(day.intervals, day.unknown, lang, t);
}

/**
 * The status line at `now` (ms since epoch) from the API's reading (times by formatClock: «يغلق 11:00 م» in Arabic): "Open now — closes at 23:00",
 * "Closes in 25 min", "Closed — opens at 16:00", "Closed — opens Saturday at 08:00", "Open 24 hours".
 */
function useStatusText(hours: PlaceHours, now: number): string {
  const { t } = useTranslation();
  const { lang } = usePreferences();
  const time = hours.nextChange ? formatClock(hours.nextChange.time, lang) : '';
  const next = hours.nextChange;
  if (hours.openNow == null) return t('hours.status.unknown');
  if (!next) return hours.openNow ? t('hours.status.open24') : t('hours.status.closed');
  const ms = Date.parse(next.at) - now;
  const count = Math.max(1, Math.ceil(ms / 60_000));
  if (hours.openNow) {
    if (count <= COUNTDOWN_MIN) return t('hours.status.closesIn', { count });
    return ms < 86_400_000 ? t('hours.status.openUntil', { time }) : t('hours.status.open');
  }
  if (count <= COUNTDOWN_MIN) return t('hours.status.opensIn', { count });
  return next.day === hours.today && ms < 86_400_000
    ? t('hours.status.opensAt', { time })
    : t('hours.status.opensOn', { time, day: t(`hours.days.${next.day}`) });
}

/**
 * "Now" for the status line: the API's `asOf` on the server and at the first client render (so they
 * agree), then moved on by the time elapsed since mount (the browser's clock may be wrong or elsewhere;
 * only its elapsed time is used). When the next change has passed, `onExpired` asks for a fresh reading.
 */
function useNow(hours: PlaceHours, onExpired?: () => void): number {
  const asOf = Date.parse(hours.asOf);
  const [now, setNow] = useState(asOf);
  useEffect(() => {
    const mountedAt = Date.now();
    setNow(asOf);
    const change = hours.nextChange ? Date.parse(hours.nextChange.at) : Infinity;
    const timer = setInterval(() => {
      const current = asOf + (Date.now() - mountedAt);
      setNow(current);
      if (current >= change) onExpired?.();
    }, 15_000);
    return () => clearInterval(timer);
  }, [asOf, hours.nextChange, onExpired]);
  return now;
}

/** The open/closed status line of a place page (testid `hours-status`). */
export function HoursStatus({ hours, onExpired }: { hours: PlaceHours; onExpired?: () => void }) {
  const now = useNow(hours, onExpired);
  const text = useStatusText(hours, now);
  const tone = hours.openNow == null ? 'fg.muted' : hours.openNow ? 'green.fg' : 'fg';
  return <Text as="span" fontWeight="semibold" color={tone} data-testid="hours-status" aria-live="polite">{text}</Text>;
}

/**
 * The place page's hours: today's line, the status and the week (Sunday first, today marked) as a table,
 * all from the API's `hours` (nothing is computed from the browser's clock at render).
 */
export function PlaceHoursPanel({ hours, onExpired }: { hours: PlaceHours; onExpired?: () => void }) {
  const { t } = useTranslation();
  const dayText = useDayText();
  const byDay = new Map(hours.week.map((d) => [d.day, d]));
  const today = byDay.get(hours.today)!;
  return (
    <Stack gap="2">
      <HoursStatus hours={hours} onExpired={onExpired} />
      <Text data-testid="hours-today">{t('hours.todayLine', { hours: dayText(today) })}</Text>
      <Box>
        <Table.Root size="sm" variant="line" data-testid="hours-week">
          <Table.Caption srOnly>{t('hours.weekCaption')}</Table.Caption>
          <Table.Header srOnly>
            <Table.Row><Table.ColumnHeader>{t('hours.day')}</Table.ColumnHeader><Table.ColumnHeader>{t('place.hours')}</Table.ColumnHeader></Table.Row>
          </Table.Header>
          <Table.Body>
            {WEEK_DISPLAY_ORDER.map((code) => {
              const day = byDay.get(code)!;
              const isToday = code === hours.today;
              return (
                <Table.Row key={code} aria-current={isToday ? 'date' : undefined} fontWeight={isToday ? 'semibold' : undefined}>
                  <Table.Cell as="th" scope="row" ps="0" fontWeight="inherit">{t(`hours.days.${code}`)}{isToday ? ` ${t('hours.todayMark')}` : ''}</Table.Cell>
                  <Table.Cell pe="0">{dayText(day)}</Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
        {!hours.weekStable && <Text fontSize="xs" color="fg.muted" mt="1">{t('hours.dateRules')}</Text>}
      </Box>
    </Stack>
  );
}
