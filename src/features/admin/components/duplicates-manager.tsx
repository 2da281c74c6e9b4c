import { Badge, Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyBlock, ErrorState, LinesSkeleton } from '../../../components/ui/query-states.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';
import { MERGE_FIELDS, type DuplicatePair, type MergeField } from '../../../shared/schemas/duplicates-schemas.ts';
import type { Place } from '../../../shared/schemas/entity-schemas.ts';
import { useDuplicatePairsQuery, useMergePlaces } from '../api/admin-duplicates-api.ts';
import { useAdminPlaceQuery } from '../api/admin-places-api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import '../../../lib/late-strings.ts';

type Merge = { keep: DuplicatePair['a']; remove: DuplicatePair['a'] };
const empty = (v: unknown) => v == null || (typeof v === 'string' && v.trim() === '');

/** The admin-locale key of each field a merge can move (labels of the place form where it has one). */
const MERGE_FIELD_LABELS: Record<MergeField, string> = {
  nameAr: 'places.fields.nameAr', logoUrl: 'places.fields.logo', address: 'places.fields.address', addressAr: 'places.fields.addressAr',
  phone: 'places.fields.phone', whatsapp: 'places.fields.whatsapp', websiteUrl: 'places.fields.websiteUrl', mapUrl: 'places.fields.mapUrl',
  zoneId: 'places.fields.zone', buildingId: 'duplicates.fields.building', description: 'places.fields.description',
  imageUrl: 'places.fields.image', youtubeUrl: 'places.fields.youtubeUrl', managerName: 'places.fields.managerName',
  managerNameAr: 'places.fields.managerNameAr', managerPhone: 'places.fields.managerPhone', latitude: 'duplicates.fields.latitude',
  longitude: 'duplicates.fields.longitude', openingHours: 'duplicates.fields.openingHours',
};

/**
 * The fields a merge would move: empty on the kept place, set on the removed one (as the server decides).
 * A zone or building is shown by its name in the admin's language (the removed place's `zone` /
 * `building`), never by its id.
 */
function MergePreview({ merge }: { merge: Merge }) {
  const { t } = useTranslation('admin');
  const { pick } = usePreferences();
  const keep = useAdminPlaceQuery(merge.keep.id);
  const remove = useAdminPlaceQuery(merge.remove.id);
  if (keep.isError || remove.isError) return <ErrorState message={t('duplicates.loadError')} />;
  if (!keep.data || !remove.data) return <LinesSkeleton lines={3} />;
  const k = keep.data as unknown as Record<string, unknown>;
  const r = remove.data as unknown as Record<string, unknown>;
  const moved = (Object.keys(MERGE_FIELDS) as MergeField[]).filter((f) => f in r && empty(k[f]) && !empty(r[f]));
  const shown = (f: MergeField, place: Place) => {
    if (f === 'zoneId' && place.zone) return pick(place.zone.title, place.zone.titleAr);
    if (f === 'buildingId' && place.building) return pick(place.building.name, place.building.nameAr);
    return String(r[f]);
  };
  return (
    <Stack gap="2" data-testid="merge-preview">
      <Text>{t('duplicates.confirmIntro', { keep: merge.keep.name, remove: merge.remove.name })}</Text>
      {moved.length ? (
        <Stack as="ul" ps="5" gap="1">
          {moved.map((f) => <li key={f}>{t(MERGE_FIELD_LABELS[f])}: <bdi>{shown(f, remove.data)}</bdi></li>)}
        </Stack>
      ) : <Text color="fg.muted">{t('duplicates.nothingMoves')}</Text>}
    </Stack>
  );
}

/** /admin/duplicates: pages of likely duplicate pairs, each mergeable either way after a confirmation showing what moves. */
export function DuplicatesManager() {
  const { t } = useTranslation('admin');
  const { pick, localize } = usePreferences();
  const [page, setPage] = useState(1);
  const pairs = useDuplicatePairsQuery(page);
  const merge = useMergePlaces();
  const [pending, setPending] = useState<Merge | null>(null);
  const name = (p: DuplicatePair['a']) => pick(p.name, p.nameAr);
  const link = (p: DuplicatePair['a']) => <Link href={localize(`/p/${p.slug}`)} target="_blank" rel="noopener" textDecoration="underline">{name(p)}</Link>;
  const total = pairs.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / 20));

  return (
    <Stack gap="5">
      <Heading as="h1" size="2xl">{t('duplicates.title')}</Heading>
      <Text color="fg.muted">{t('duplicates.intro')}</Text>
      <DataTable
        rows={pairs.data?.data}
        rowKey={(p) => `${p.a.id}-${p.b.id}`}
        loading={!pairs.data}
        error={pairs.isError && <ErrorState message={t('duplicates.loadError')} onRetry={() => void pairs.refetch()} />}
        empty={<EmptyBlock title={t('duplicates.empty')} />}
        busy={pairs.isFetching}
        columns={[
          { header: t('duplicates.placeA'), cell: (p) => link(p.a) },
          { header: t('duplicates.placeB'), cell: (p) => link(p.b) },
          {
            header: t('duplicates.why'),
            cell: (p) => (
              <HStack gap="1" wrap="wrap">
                {p.reasons.map((r) => <Badge key={r}>{t(r === 'name' ? 'duplicates.similarName' : 'duplicates.samePhone')}</Badge>)}
              </HStack>
            ),
          },
          {
            header: t('duplicates.actions'),
            cell: (p) => (
              <HStack gap="2" wrap="wrap">
                <Button size="xs" variant="outline" onClick={() => setPending({ keep: p.a, remove: p.b })}>{t('duplicates.keep', { name: name(p.a) })}</Button>
                <Button size="xs" variant="outline" onClick={() => setPending({ keep: p.b, remove: p.a })}>{t('duplicates.keep', { name: name(p.b) })}</Button>
              </HStack>
            ),
          },
        ]}
      />
      {pages > 1 && (
        <HStack gap="2">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t('duplicates.previous')}</Button>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>{t('duplicates.next')}</Button>
        </HStack>
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t('duplicates.confirmTitle')}
        confirmLabel={t('duplicates.merge')}
        pending={merge.isPending}
        onConfirm={() => pending && merge.mutate({ keepId: pending.keep.id, removeId: pending.remove.id }, { onSuccess: () => setPending(null) })}
      >
        {pending && <MergePreview merge={pending} />}
      </ConfirmDialog>
    </Stack>
  );
}
