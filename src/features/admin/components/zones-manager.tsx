import { Badge, Box, Button, Flex, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { Building2, MapPin, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyBlock, ErrorState, LinesSkeleton } from '../../../components/ui/query-states.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';
import type { Zone } from '../../../shared/schemas/entity-schemas.ts';
import { useDeleteZone, useAdminZonesQuery, useReorderZones } from '../api/admin-zones-api.ts';
import { AdminPageHeader } from './admin-page-header.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { SortableList } from './sortable-list.tsx';
import { ZoneFormDialog } from './zone-form-dialog.tsx';

/**
 * Map & Zones: the zones in display order with drag (pointer or keyboard) reorder, create,
 * edit and delete (confirmation says its places lose their zone), and a link to each zone's buildings.
 * Loading, empty and error-with-retry states ('Error loading map data. Please try again.').
 */
export function ZonesManager({ mapSlot }: { mapSlot?: (zones: Zone[]) => ReactNode }) {
  const { t } = useTranslation('admin');
  const { pick, localize } = usePreferences();
  const zones = useAdminZonesQuery();
  const reorder = useReorderZones();
  const remove = useDeleteZone();
  const [editing, setEditing] = useState<Zone | null | 'new'>(null);
  const [deleting, setDeleting] = useState<Zone | null>(null);
  const list = zones.data ?? [];
  const nextOrder = list.reduce((max, z) => Math.max(max, z.order), 0) + 1;

  const addButton = (
    <Button colorPalette="brand" onClick={() => setEditing('new')}>
      <Plus aria-hidden /> {t('zones.add')}
    </Button>
  );

  return (
    <>
      <AdminPageHeader title={t('map.title')} description={t('map.description')} actions={addButton} />
      {mapSlot && list.length > 0 && mapSlot(list)}
      <Box as="section" aria-labelledby="zones-heading">
        <Text as="h2" id="zones-heading" fontSize="lg" fontWeight="semibold" mb="3">
          {t('zones.heading')}
          {zones.data && <Text as="span" color="fg.muted" fontWeight="normal" ms="2">({list.length})</Text>}
        </Text>
        {zones.isPending ? (
          <LinesSkeleton lines={5} />
        ) : zones.isError ? (
          <ErrorState message={t('map.loadError')} onRetry={() => void zones.refetch()} />
        ) : list.length === 0 ? (
          <EmptyBlock icon={<MapPin />} title={t('zones.empty')} description={t('zones.emptyHint')} action={addButton} />
        ) : (
          <SortableList
            items={list}
            label={t('zones.listLabel')}
            getLabel={(z) => pick(z.title, z.titleAr)}
            onReorder={(items) => reorder.mutate(items)}
            renderItem={(zone, handle) => (
              <Flex borderWidth="1px" borderRadius="lg" bg="bg" p="3" gap="3" align="center" wrap={{ base: 'wrap', md: 'nowrap' }}>
                <HStack gap="2" flex={{ base: '1 1 100%', md: '1' }} minW="0">
                  {handle}
                  <Badge variant="subtle" colorPalette="gray" flexShrink={0} aria-label={t('common.orderLabel', { order: zone.order })}>{zone.order}</Badge>
                  <Stack gap="0.5" minW="0">
                    <Link asChild fontWeight="semibold" color="fg">
                      <RouterLink to={localize(`/admin/map/zones/${zone.id}`)}><bdi>{pick(zone.title, zone.titleAr)}</bdi></RouterLink>
                    </Link>
                    {!zone.titleAr?.trim() && <Badge alignSelf="start" variant="subtle" colorPalette="orange" data-testid="no-arabic-name">{t('common.noArabicName')}</Badge>}
                    <Text fontSize="sm" color="fg.muted" truncate>
                      <span dir="ltr">{zone.slug}</span> · {t('zones.counts', { buildings: zone.buildingsCount, places: zone.placesCount })}
                    </Text>
                  </Stack>
                </HStack>
                <HStack gap="1" ms={{ base: '10', md: 'auto' }} flexShrink={0}>
                  <Button asChild size="sm" variant="outline">
                    <RouterLink to={localize(`/admin/map/zones/${zone.id}`)} aria-label={t('zones.buildingsOf', { name: pick(zone.title, zone.titleAr) })}>
                      <Building2 aria-hidden /> {t('zones.buildings')}
                    </RouterLink>
                  </Button>
                  <IconButton size="sm" variant="ghost" aria-label={t('zones.editNamed', { name: pick(zone.title, zone.titleAr) })} onClick={() => setEditing(zone)}>
                    <Pencil />
                  </IconButton>
                  <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={t('zones.deleteNamed', { name: pick(zone.title, zone.titleAr) })} onClick={() => setDeleting(zone)}>
                    <Trash2 />
                  </IconButton>
                </HStack>
              </Flex>
            )}
          />
        )}
      </Box>

      <ZoneFormDialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)} zone={editing === 'new' ? null : editing} nextOrder={nextOrder} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t('zones.deleteTitle', { name: deleting ? pick(deleting.title, deleting.titleAr) : '' })}
        confirmLabel={t('common.delete')}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      >
        <Text>{t('zones.deleteBody', { buildings: deleting?.buildingsCount ?? 0 })}</Text>
        <Text>{t('zones.deletePlacesWarning', { count: deleting?.placesCount ?? 0 })}</Text>
      </ConfirmDialog>
    </>
  );
}
