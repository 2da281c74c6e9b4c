import { Box, Button, Flex, HStack, IconButton, Image, Input, InputGroup, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Download, ExternalLink, Filter, History, MapPin, Pencil, Plus, Search, Store, Trash2, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { EmptyBlock, ErrorState } from '../../../components/ui/query-states.tsx';
import { API_URL } from '../../../lib/api-client.ts';
import { sortCategories, sortZones } from '../../../lib/name-order.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { LIMITS } from '../../../shared/schemas/common-schemas.ts';
import type { PlaceListItem } from '../../../shared/schemas/entity-schemas.ts';
import { PLACE_GAPS, type PlaceGap } from '../../../shared/schemas/overview-schemas.ts';
import { useAdminCategoriesQuery } from '../api/admin-categories-api.ts';
import { useAdminZonesQuery } from '../api/admin-zones-api.ts';
import { useAdminPlacesQuery, useDeletePlace } from '../api/admin-places-api.ts';
import { AdminPageHeader } from './admin-page-header.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { PlaceFormDialog } from './place-form-dialog.tsx';
import { useClampedPage } from '../../../lib/use-clamped-page.ts';

const PAGE_SIZE = 20;
const placeGap = (v: string | null) => (PLACE_GAPS as readonly string[]).includes(v ?? '') ? (v as PlaceGap) : undefined;
const positiveInt = (v: string | null) => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

function PlaceLogo({ place }: { place: PlaceListItem }) {
  return place.logoUrl ? (
    <Image src={place.logoUrl} alt="" boxSize="8" objectFit="contain" borderRadius="md" bg="bg.muted" flexShrink={0} />
  ) : (
    <Box boxSize="8" borderRadius="md" bg="bg.muted" display="flex" alignItems="center" justifyContent="center" color="fg.muted" flexShrink={0}>
      <Store size={16} aria-hidden />
    </Box>
  );
}

/**
 * Places: a searchable, paginated table filtered by category and zone (kept in the URL:
 * `?search=&categoryId=&zoneId=&page=`; `missing=` from the overview's gap links, shown as a removable filter), with create, edit and delete. Search is sent 300 ms after
 * typing stops and only when non-blank. Loading, empty and error-with-retry states.
 */
export function PlacesManager() {
  const { t } = useTranslation('admin');
  const { pick, localize, lang } = usePreferences();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const categoryId = positiveInt(params.get('categoryId'));
  const zoneId = positiveInt(params.get('zoneId'));
  const missing = placeGap(params.get('missing'));
  const page = positiveInt(params.get('page')) ?? 1;
  const [typed, setTyped] = useState(search);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PlaceListItem | null>(null);

  const update = (changes: Record<string, string | number | undefined>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(changes)) {
        if (v === undefined || v === '' || (k === 'page' && v === 1)) next.delete(k);
        else next.set(k, String(v));
      }
      return next;
    }, { replace: true });

  useEffect(() => setTyped(search), [search]);
  useEffect(() => {
    if (typed.trim() === search.trim()) return;
    const timer = setTimeout(() => update({ search: typed.trim() || undefined, page: undefined }), LIMITS.searchDelayMs);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);

  const places = useAdminPlacesQuery({ search: search || undefined, categoryId, zoneId, missing, page, limit: PAGE_SIZE });
  const categories = useAdminCategoriesQuery();
  const zones = useAdminZonesQuery();
  const remove = useDeletePlace();
  const total = places.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const rows = places.data?.data ?? [];
  useClampedPage(page, pages, places.isSuccess && !places.isPlaceholderData, (n) => update({ page: n }));
  const filtered = !!(search || categoryId || zoneId || missing);

  // every place as a file (GET /api/public/export): a plain download link, streamed by the server
  const addButton = (
    <>
      <HStack gap="2" role="group" aria-label={t('places.exportLabel')}>
        {(['csv', 'geojson'] as const).map((format) => (
          <Button key={format} asChild variant="outline">
            <a href={`${API_URL}/public/export?format=${format}`} download>
              <Download aria-hidden /> {t(format === 'csv' ? 'places.exportCsv' : 'places.exportGeojson')}
            </a>
          </Button>
        ))}
      </HStack>
      <Button colorPalette="brand" onClick={() => setEditing('new')}>
        <Plus aria-hidden /> {t('places.add')}
      </Button>
    </>
  );
  const actions = (p: PlaceListItem) => (
    <HStack gap="1" justify="flex-end">
      <IconButton asChild size="sm" variant="ghost" aria-label={t('places.viewNamed', { name: pick(p.name, p.nameAr) })}>
        <a href={localize(`/p/${p.slug}`)} target="_blank" rel="noopener noreferrer"><ExternalLink /></a>
      </IconButton>
      <IconButton size="sm" variant="ghost" aria-label={t('places.editNamed', { name: pick(p.name, p.nameAr) })} onClick={() => setEditing(p.id)}>
        <Pencil />
      </IconButton>
      <IconButton asChild size="sm" variant="ghost" aria-label={t('history.placeHistoryNamed', { name: pick(p.name, p.nameAr) })}>
        <RouterLink to={localize(`/admin/history?entity=place&id=${p.id}`)}><History /></RouterLink>
      </IconButton>
      <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={t('places.deleteNamed', { name: pick(p.name, p.nameAr) })} onClick={() => setDeleting(p)}>
        <Trash2 />
      </IconButton>
    </HStack>
  );

  return (
    <>
      <AdminPageHeader title={t('places.title')} description={t('places.description')} actions={addButton} />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" mb="4" as="form" role="search" onSubmit={(e) => e.preventDefault()}>
        <InputGroup startElement={<Search size={16} aria-hidden />}>
          <Input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={t('places.searchPlaceholder')} aria-label={t('places.searchLabel')} />
        </InputGroup>
        <NativeSelect.Root>
          <NativeSelect.Field aria-label={t('places.filterCategory')} value={categoryId ?? ''} onChange={(e) => update({ categoryId: e.target.value || undefined, page: undefined })}>
            <option value="">{t('places.allCategories')}</option>
            {sortCategories(categories.data ?? [], lang).map((c) => <option key={c.id} value={c.id}>{pick(c.name, c.nameAr)}</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NativeSelect.Root>
          <NativeSelect.Field aria-label={t('places.filterZone')} value={zoneId ?? ''} onChange={(e) => update({ zoneId: e.target.value || undefined, page: undefined })}>
            <option value="">{t('places.allZones')}</option>
            {sortZones(zones.data ?? [], lang).map((z) => <option key={z.id} value={z.id}>{pick(z.title, z.titleAr)}</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </SimpleGrid>
      {missing && (
        <HStack mb="4" gap="2" wrap="wrap" borderWidth="1px" borderRadius="md" px="3" py="2" bg="bg.muted" data-testid="missing-filter">
          <Filter size={16} aria-hidden />
          <Text flex="1" fontWeight="medium">{t(`places.missing.${missing}`)}</Text>
          <Button size="xs" variant="outline" onClick={() => update({ missing: undefined, page: undefined })}>
            <X aria-hidden /> {t('places.removeMissing')}
          </Button>
        </HStack>
      )}

      <DataTable
        rows={rows}
        rowKey={(p) => p.id}
        loading={places.isPending}
        skeletonLines={8}
        error={places.isError && !places.data && <ErrorState message={t('places.loadError')} onRetry={() => void places.refetch()} />}
        empty={filtered ? (
          <EmptyBlock icon={<Search />} title={t('places.noMatches')} action={<Button variant="outline" onClick={() => { setTyped(''); update({ search: undefined, categoryId: undefined, zoneId: undefined, missing: undefined, page: undefined }); }}>{t('places.clearFilters')}</Button>} />
        ) : (
          <EmptyBlock icon={<Store />} title={t('places.empty')} description={t('places.emptyHint')} action={addButton} />
        )}
        busy={places.isFetching}
        dimmed={places.isPlaceholderData}
        interactive
        summary={<Text role="status" fontSize="sm" color="fg.muted" mb="2">{t('places.total', { count: total })}</Text>}
        columns={[
          {
            header: t('places.columns.name'),
            cell: (p) => (
              <HStack gap="3" minW="0">
                <PlaceLogo place={p} />
                <Stack gap="0" minW="0">
                  <Text fontWeight="medium" truncate maxW="xs" dir="auto" textAlign="match-parent">{pick(p.name, p.nameAr)}</Text>
                  <Text fontSize="xs" color="fg.muted" dir="ltr" textAlign="start" truncate maxW="xs">{p.slug}</Text>
                </Stack>
              </HStack>
            ),
          },
          { header: t('places.columns.category'), cell: (p) => pick(p.category.name, p.category.nameAr) },
          { header: t('places.columns.zone'), cell: (p) => (p.zone ? pick(p.zone.title, p.zone.titleAr) : t('common.none')), cellProps: (p) => ({ color: p.zone ? undefined : 'fg.muted' }) },
          { header: t('places.columns.phone'), cell: (p) => <span dir="ltr">{p.phone ?? '—'}</span> },
          { header: t('common.actions'), cell: actions, align: 'end' },
        ]}
        cardsLabel={t('places.title')}
        card={(p) => (
          <Flex as="li" borderWidth="1px" borderRadius="lg" p="3" gap="3" align="center">
            <PlaceLogo place={p} />
            <Stack gap="0" flex="1" minW="0">
              <Text fontWeight="medium" truncate>{pick(p.name, p.nameAr)}</Text>
              <Text fontSize="sm" color="fg.muted" truncate>
                {pick(p.category.name, p.category.nameAr)}
                {p.zone && <> · <MapPin size={12} aria-hidden style={{ display: 'inline' }} /> {pick(p.zone.title, p.zone.titleAr)}</>}
              </Text>
            </Stack>
            {actions(p)}
          </Flex>
        )}
        pager={{ page: Math.min(page, pages), pages, onPage: (n) => update({ page: n }), label: t('places.pagination') }}
      />

      <PlaceFormDialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)} placeId={editing === 'new' ? null : editing} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t('places.deleteTitle', { name: deleting ? pick(deleting.name, deleting.nameAr) : '' })}
        confirmLabel={t('common.delete')}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      >
        <Text>{t('places.deleteBody')}</Text>
      </ConfirmDialog>
    </>
  );
}
