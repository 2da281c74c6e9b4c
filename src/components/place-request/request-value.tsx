import { Image, Link, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { weekLines } from '../../lib/opening-hours-text.ts';
import type { HoursRows } from '../../shared/opening-hours-rows.ts';
import type { DisplayValue } from './display-value.ts';
import '../../lib/late-strings.ts';

/**
 * One shown value of a place request or history entry (see describeValue): '(empty)', an image
 * previewed (`alt` names it; its address when it cannot be loaded), a link opening in a new tab
 * (left-to-right), opening hours as week lines, or text in its own direction. Used by the profile and the admin pages alike.
 */
export function RequestValueView({ value, alt }: { value: DisplayValue; alt: string }) {
  const { t } = useTranslation('common');
  switch (value.kind) {
    case 'empty':
      return <Text as="span" color="fg.muted" fontStyle="italic">{t('contribute.requests.emptyValue')}</Text>;
    case 'image':
      return <Preview url={value.url} alt={alt} size="20" />;
    case 'link':
      return (
        <Link href={value.url} target="_blank" rel="noopener noreferrer" dir="ltr" wordBreak="break-all" colorPalette="brand" color="colorPalette.fg" textDecoration="underline">
          {value.url}
          <VisuallyHidden>{t('placeRequest.opensInNewTab')}</VisuallyHidden>
        </Link>
      );
    case 'hours':
      return <HoursValue text={value.text} rows={value.rows} />;
    default:
      // Free text takes the direction of its own first letters (an English address on an Arabic page).
      return <Text as="span" dir={value.dir ?? 'auto'} whiteSpace="pre-wrap" display="inline-block" textAlign="start" wordBreak="break-word">{value.text}</Text>;
  }
}

/** An image of the request; when it cannot be loaded, its address is shown instead. */
export function Preview({ url, alt, size }: { url: string; alt: string; size: string }) {
  const { t } = useTranslation('common');
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <Text as="span" fontSize="sm" color="fg.muted">
        {t('placeRequest.imageFailed')} <Text as="span" dir="ltr" wordBreak="break-all">{url}</Text>
      </Text>
    );
  }
  return <Image src={url} alt={alt} maxW={size === 'full' ? 'full' : undefined} boxSize={size === 'full' ? undefined : size} maxH="48" objectFit="contain" borderRadius="md" bg="bg.muted" onError={() => setFailed(true)} />;
}

/**
 * Opening hours of a request or history entry: the week as lines (Sunday first, equal consecutive days
 * joined: "Sunday–Thursday: 08:00–12:00") over the stored text; a value the lines cannot show, as its text.
 */
function HoursValue({ text, rows }: { text: string; rows: HoursRows | null }) {
  const { t, i18n } = useTranslation('common');
  const lang = i18n.language === 'ar' ? 'ar' : 'en';
  const source = <Text as="span" dir="ltr" fontFamily={rows ? 'mono' : undefined} fontSize={rows ? 'xs' : undefined} color={rows ? 'fg.muted' : undefined} wordBreak="break-word">{text}</Text>;
  if (!rows) return source;
  return (
    <Stack as="span" gap="0.5" display="inline-flex" data-testid="hours-value">
      {weekLines(rows, lang, t).map((line) => <Text as="span" key={line}>{line}</Text>)}
      {source}
    </Stack>
  );
}
