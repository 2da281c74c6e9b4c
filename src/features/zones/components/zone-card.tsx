import { Box, Card, chakra, Stack, Text } from '@chakra-ui/react';
import { Building2, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { usePreferences } from '../../../lib/preferences.tsx';
import type { Building, Zone } from '../../../shared/schemas/entity-schemas.ts';

/**
 * A zone card: title in the current language, place count and building count; links to `to` (a localised path).
 * Deliberately made of plain styled elements (no slot recipes): the map page lists every zone at once.
 */
export function ZoneCard({ zone, to, headingLevel = 'h3' }: { zone: Zone; to: string; headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation();
  const { pick } = usePreferences();
  return (
    <Box asChild display="flex" flexDirection="column" gap="1" p="4" height="full" borderRadius="xl" bg="bg.muted" color="fg" _hover={{ bg: 'brand.subtle' }}>
      <RouterLink to={to}>
        <chakra.span display="flex" alignItems="center" gap="1.5">
          <MapPin size={16} aria-hidden />
          <Text as={headingLevel} fontWeight="semibold" lineClamp={2}><bdi>{pick(zone.title, zone.titleAr)}</bdi></Text>
        </chakra.span>
        <chakra.span display="flex" flexWrap="wrap" alignItems="center" gap="2" fontSize="sm" color="fg.muted">
          <span>{t('home.placesCount', { count: zone.placesCount })}</span>
          {zone.buildingsCount > 0 && (
            <chakra.span px="1.5" borderRadius="sm" bg="bg.emphasized" color="fg" fontSize="xs" fontWeight="medium">
              {t('home.buildingsCount', { count: zone.buildingsCount })}
            </chakra.span>
          )}
        </chakra.span>
      </RouterLink>
    </Box>
  );
}

/** A building card: number and name, its zone (when given) and place count; links to `to`. */
export function BuildingCard({ building, zone, to, headingLevel = 'h3' }: { building: Building; zone?: { title: string; titleAr: string | null } | null; to: string; headingLevel?: 'h2' | 'h3' | 'h4' }) {
  const { t } = useTranslation();
  const { pick } = usePreferences();
  return (
    <Card.Root asChild variant="outline" borderRadius="xl" _hover={{ borderColor: 'brand.solid' }} height="full">
      <RouterLink to={to}>
        <Card.Body p="4" gap="1" flexDirection="row" alignItems="start">
          <Stack color="brand.fg" pt="0.5" aria-hidden><Building2 size={18} /></Stack>
          <Stack gap="0.5" minW="0" ms="2">
            <Text as={headingLevel} fontWeight="semibold" lineClamp={2}>
              {building.number ? `${t('zone.buildingNumber', { number: building.number })} · ` : ''}<bdi>{pick(building.name, building.nameAr)}</bdi>
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {[zone ? pick(zone.title, zone.titleAr) : '', t('home.placesCount', { count: building.placesCount })].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
        </Card.Body>
      </RouterLink>
    </Card.Root>
  );
}
