import { Badge, Box, Card, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { MapPin, Phone, Store } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { usePreferences } from '../../../lib/preferences.tsx';
import type { PlaceListItem } from '../../../shared/schemas/entity-schemas.ts';
import { OpenStatusBadge } from './open-status-badge.tsx';
import { PlaceDistance } from './place-distance.tsx';

/**
 * A place in a list: logo (or icon), name in the current language (in search results, under a Latin-only
 * name its Arabic reading), category, zone, address, phone.
 */
export function PlaceCard({ place, headingLevel = 'h3' }: { place: PlaceListItem; headingLevel?: 'h2' | 'h3' }) {
  const { pick, localize } = usePreferences();
  const name = pick(place.name, place.nameAr);
  const address = pick(place.address ?? '', place.addressAr);
  return (
    <Card.Root asChild variant="outline" borderRadius="xl" _hover={{ borderColor: 'brand.solid', shadow: 'sm' }} transition="all 0.15s" height="full">
      {/* no aria-label: the link's name is what the card shows (WCAG 2.5.3, label in name) */}
      <RouterLink to={localize(`/p/${place.slug}`)}>
        <Card.Body p="4" gap="3">
          <HStack align="start" gap="3">
            <Box flexShrink={0} boxSize="12" borderRadius="lg" bg="brand.subtle" color="brand.fg" display="grid" placeItems="center" overflow="hidden">
              {place.logoUrl ? <Image src={place.logoUrl} alt="" boxSize="12" objectFit="cover" loading="lazy" /> : <Store size={22} aria-hidden />}
            </Box>
            <Stack gap="1" minW="0" flex="1">
              {/* the name's own direction is isolated (<bdi>): a Latin name on an Arabic page reads left to right
                  inside the line while the block keeps the card's (right) alignment, as the badges and address do */}
              <Text as={headingLevel} fontWeight="semibold" lineClamp={2} lineHeight="short" overflowWrap="anywhere"><bdi>{name}</bdi></Text>
              {/* search results: how a Latin-only name reads in Arabic (decision 043) */}
              {/* (aligned like the page, the Arabic isolated: under the name in both languages) */}
              {place.nameArReading && <Text lang="ar" fontSize="sm" color="fg.muted" lineClamp={1} data-testid="name-ar-reading"><bdi dir="rtl">{place.nameArReading}</bdi></Text>}
              <HStack gap="1.5" wrap="wrap">
                <Badge colorPalette="brand" variant="subtle"><bdi>{pick(place.category.name, place.category.nameAr)}</bdi></Badge>
                {/* district names wrap rather than lose their distinguishing word */}
                {place.zone && <Badge variant="outline" whiteSpace="normal" height="auto" minH="5"><bdi>{pick(place.zone.title, place.zone.titleAr)}</bdi></Badge>}
                <OpenStatusBadge openNow={place.openNow} />
              </HStack>
            </Stack>
          </HStack>
          {address && (
            <HStack gap="1.5" color="fg.muted" fontSize="sm">
              <MapPin size={14} aria-hidden />
              <Text lineClamp={1}><bdi>{address}</bdi></Text>
            </HStack>
          )}
          {place.phone && (
            <HStack gap="1.5" color="fg.muted" fontSize="sm">
              <Phone size={14} aria-hidden />
              <Text dir="ltr">{place.phone}</Text>
            </HStack>
          )}
          <PlaceDistance metres={place.distanceM} />
        </Card.Body>
      </RouterLink>
    </Card.Root>
  );
}
