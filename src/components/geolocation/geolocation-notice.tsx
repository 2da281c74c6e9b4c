import { HStack, Text } from '@chakra-ui/react';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { LocateState } from '../../lib/use-geolocation.ts';

/**
 * The polite live region beside a "locate me" button: "Finding your location…" while the browser
 * answers, `locatedText` once it did, and why it did not (refused, unavailable, too slow, no location
 * API) in the page's language. Always rendered (empty when idle) so screen readers hear each change.
 */
export function GeolocationNotice({ state, locatedText, id }: { state: LocateState; locatedText: string; id?: string }) {
  const { t } = useTranslation();
  const failed = state.status === 'failed';
  const message =
    state.status === 'locating' ? t('nearMe.locating')
      : state.status === 'failed' ? t(`nearMe.failed.${state.reason}`)
        : state.status === 'located' ? locatedText
          : '';
  return (
    <HStack id={id} role="status" aria-live="polite" gap="1.5" fontSize="sm" color={failed ? 'fg.warning' : 'fg.muted'} minH="5" align="start">
      {failed && <TriangleAlert size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />}
      <Text>{message}</Text>
    </HStack>
  );
}
