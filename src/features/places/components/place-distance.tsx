import { HStack, Text } from '@chakra-ui/react';
import { Navigation } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDistance } from '../../../lib/intl.ts';
import { usePreferences } from '../../../lib/preferences.tsx';

/** "1.2 km away" / "على بعد 1.2 كم" under a place's name in a distance-sorted list; nothing without a distance. */
export function PlaceDistance({ metres }: { metres: number | null | undefined }) {
  const { t } = useTranslation();
  const { lang } = usePreferences();
  const distance = formatDistance(metres, lang);
  if (!distance) return null;
  return (
    <HStack gap="1.5" color="fg.muted" fontSize="sm" data-testid="place-distance">
      <Navigation size={14} aria-hidden />
      <Text>{t('nearMe.away', { distance })}</Text>
    </HStack>
  );
}
