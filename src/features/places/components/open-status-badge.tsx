import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * "Open now" / "Closed now" from a place's `openNow` (computed by the API in the city's time zone at
 * the moment of the request). It renders the API's value only, so the server-rendered page and the
 * first client render agree (no clock is read here). Nothing when the hours are unknown (null).
 */
export function OpenStatusBadge({ openNow }: { openNow: boolean | null | undefined }) {
  const { t } = useTranslation();
  if (openNow == null) return null;
  return (
    <Badge colorPalette={openNow ? 'green' : 'gray'} variant="subtle" data-testid="open-status">
      {openNow ? t('place.openNow') : t('place.closedNow')}
    </Badge>
  );
}
