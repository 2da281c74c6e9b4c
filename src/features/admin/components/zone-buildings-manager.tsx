import { Badge, Box, Button, Flex, HStack, IconButton, Link, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { ArrowLeft, ArrowRight, Building2, ExternalLink, Map as MapIcon, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyBlock, ErrorState, LinesSkeleton } from '../../../components/ui/query-states.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';
import type { Building, ZoneWithBuildings } from '../../../shared/schemas/entity-schemas.ts';
import { useDeleteBuilding, useReorderBuildings } from '../api/admin-buildings-api.ts';
import { useAdminZoneQuery } from '../api/admin-zones-api.ts';
import { AdminPageHeader } from './admin-page-header.tsx';
import { BuildingFormDialog } from './building-form-dialog.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { SortableList } from './sortable-list.tsx';

/**
 * One zone's buildings (/admin/map/zones/{zoneId}): back to map, view on map, the buildings
 * in display order with drag (pointer or keyboard) reorder, create, edit and delete. A missing zone or a
 * failed load shows 'Zone not found or error loading data' with retry and the way back.
 */
export function ZoneBuildingsManager({ zoneId, mapSlot }: { zoneId: number; mapSlot?: (zone: ZoneWithBuildings) => ReactNode }) {
  const { t } = useTranslation('admin');
  const { pick, localize, dir } = usePreferences();
  const zone = useAdminZoneQuery(zoneId);
  const reorder = useReorderBuildings(zoneId);
  const remove = useDeleteBuilding();
  const [editing, setEditing] = useState<Building | null | 'new'>(null);
  const [deleting, setDeleting] = useState<Building | null>(null);
  const BackIcon = dir === 'rtl' ? ArrowRight : ArrowLeft;

  const back = (
    <Box>
      <Button asChild variant="ghost" size="sm" ps="1">
        <RouterLink to={localize('/admin/map')}><BackIcon aria-hidden /> {t('zone.backToMap')}</RouterLink>
      </Button>
    </Box>
  );

  if (zone.isPending && Number.isSafeInteger(zoneId) && zoneId > 0) {
    return <>{back}<Box mt="4"><LinesSkeleton lines={6} /></Box></>;
  }
  if (!zone.data) {
    return (
      <>
        {back}
        <Box mt="4">
          <ErrorState message={t('zone.notFound')} onRetry={zone.isError ? () => void zone.refetch() : undefined} />
        </Box>
      </>
    );
  }

  const data = zone.data;
  const title = pick(data.title, data.titleAr);
  const buildings = data.buildings;
  const nextOrder = buildings.reduce((max, b) => Math.max(max, b.order), 0) + 1;
  const addButton = (
    <Button colorPalette="brand" onClick={() => setEditing('new')}>
      <Plus aria-hidden /> {t('buildings.add')}
    </Button>
  );
  const viewOnMap = (
    <Button asChild variant="outline">
      <a href={localize(`/map/zones/${data.slug}`)} target="_blank" rel="noopener noreferrer">
        <MapIcon aria-hidden /> {t('zone.viewOnMap')} <ExternalLink aria-hidden size={14} />
        <VisuallyHidden>{t('common.opensInNewTab')}</VisuallyHidden>
      </a>
    </Button>
  );

  return (
    <>
      <AdminPageHeader
        before={back}
        title={title}
        description={pick(data.description ?? '', data.descriptionAr) || undefined}
        actions={<>{viewOnMap}{addButton}</>}
      />
      <HStack gap="2" mb="4" wrap="wrap" fontSize="sm" color="fg.muted">
        <Badge variant="subtle">{t('zone.slug')}: <span dir="ltr">{data.slug}</span></Badge>
        <Badge variant="subtle">{t('common.orderLabel', { order: data.order })}</Badge>
        <Badge variant="subtle">{t('zones.counts', { buildings: data.buildingsCount, places: data.placesCount })}</Badge>
        {data.locationUrl && (
          <Link href={data.locationUrl} target="_blank" rel="noopener noreferrer" fontSize="sm">
            {t('zone.locationLink')} <ExternalLink aria-hidden size={12} />
          </Link>
        )}
      </HStack>
      {mapSlot?.(data)}
      <Box as="section" aria-labelledby="buildings-heading">
        <Text as="h2" id="buildings-heading" fontSize="lg" fontWeight="semibold" mb="3">
          {t('buildings.heading')} <Text as="span" color="fg.muted" fontWeight="normal">({buildings.length})</Text>
        </Text>
        {buildings.length === 0 ? (
          <EmptyBlock icon={<Building2 />} title={t('buildings.empty')} description={t('buildings.emptyHint')} action={addButton} />
        ) : (
          <SortableList
            items={buildings}
            label={t('buildings.listLabel', { zone: title })}
            getLabel={(b) => pick(b.name, b.nameAr)}
            onReorder={(items) => reorder.mutate(items)}
            renderItem={(b, handle) => (
              <Flex borderWidth="1px" borderRadius="lg" bg="bg" p="3" gap="3" align="center" wrap={{ base: 'wrap', md: 'nowrap' }}>
                <HStack gap="2" flex={{ base: '1 1 100%', md: '1' }} minW="0">
                  {handle}
                  <Badge variant="subtle" colorPalette="gray" flexShrink={0} aria-label={t('common.orderLabel', { order: b.order })}>{b.order}</Badge>
                  <Stack gap="0.5" minW="0">
                    <Text fontWeight="semibold" truncate>
                      <bdi>{pick(b.name, b.nameAr)}</bdi>
                      {b.number && <Text as="span" color="fg.muted" fontWeight="normal" ms="2">#{b.number}</Text>}
                    </Text>
                    {!b.nameAr?.trim() && <Badge alignSelf="start" variant="subtle" colorPalette="orange" data-testid="no-arabic-name">{t('common.noArabicName')}</Badge>}
                    <Text fontSize="sm" color="fg.muted" truncate>
                      {t('buildings.placesCount', { count: b.placesCount })}
                      {b.hasDetails && <> · {t('buildings.hasDetails')}</>}
                    </Text>
                  </Stack>
                </HStack>
                <HStack gap="1" ms={{ base: '10', md: 'auto' }} flexShrink={0}>
                  {b.mapUrl && (
                    <IconButton asChild size="sm" variant="ghost" aria-label={t('buildings.openMapNamed', { name: pick(b.name, b.nameAr) })}>
                      <a href={b.mapUrl} target="_blank" rel="noopener noreferrer"><MapIcon /></a>
                    </IconButton>
                  )}
                  <IconButton size="sm" variant="ghost" aria-label={t('buildings.editNamed', { name: pick(b.name, b.nameAr) })} onClick={() => setEditing(b)}>
                    <Pencil />
                  </IconButton>
                  <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={t('buildings.deleteNamed', { name: pick(b.name, b.nameAr) })} onClick={() => setDeleting(b)}>
                    <Trash2 />
                  </IconButton>
                </HStack>
              </Flex>
            )}
          />
        )}
      </Box>

      <BuildingFormDialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)} zoneId={zoneId} building={editing === 'new' ? null : editing} nextOrder={nextOrder} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t('buildings.deleteTitle', { name: deleting ? pick(deleting.name, deleting.nameAr) : '' })}
        confirmLabel={t('common.delete')}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      >
        <Text>{t('buildings.deletePlacesWarning', { count: deleting?.placesCount ?? 0 })}</Text>
      </ConfirmDialog>
    </>
  );
}
