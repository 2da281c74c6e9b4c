import { Badge, Box, Button, Card, HStack, Image, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ExternalLink, Pencil, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyBlock, ErrorState, Section } from '../../../components/ui/query-states.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';
import { useClampedPage } from '../../../lib/use-clamped-page.ts';
import { LIMITS } from '../../../shared/schemas/common-schemas.ts';
import type { Place } from '../../../shared/schemas/entity-schemas.ts';
import { useMyPlacesQuery } from '../api/get-my-places.ts';
import { usePlaceCreatedListener } from '../events.ts';
import '../../../lib/late-strings.ts';

function PlaceRow({ place, onEdit }: { place: Place; onEdit: () => void }) {
  const { t } = useTranslation();
  const { pick, localize } = usePreferences();
  const name = pick(place.name, place.nameAr);
  return (
    <Card.Root as="li" variant="outline" borderRadius="lg">
      <Card.Body p="4">
        <HStack gap="3" align="start" wrap={{ base: 'wrap', sm: 'nowrap' }}>
          <Box flexShrink={0} boxSize="12" borderRadius="lg" bg="brand.subtle" color="brand.fg" display="grid" placeItems="center" overflow="hidden">
            {place.logoUrl ? <Image src={place.logoUrl} alt="" boxSize="12" objectFit="cover" loading="lazy" /> : <Store size={22} aria-hidden />}
          </Box>
          <Stack gap="1.5" minW="0" flex="1">
            <Text as="h3" fontWeight="semibold" lineClamp={2}>{name}</Text>
            <HStack gap="1.5" wrap="wrap">
              <Badge colorPalette="brand" variant="subtle">{pick(place.category.name, place.category.nameAr)}</Badge>
              <Badge variant="outline">{place.zone ? pick(place.zone.title, place.zone.titleAr) : t('contribute.places.noZone')}</Badge>
            </HStack>
          </Stack>
          <HStack gap="2" flexShrink={0} ms={{ base: '15', sm: '0' }}>
            <Button asChild size="xs" variant="ghost" colorPalette="brand">
              <RouterLink to={localize(`/p/${place.slug}`)} aria-label={t('contribute.places.viewNamed', { name })}>
                <ExternalLink aria-hidden /> {t('contribute.places.view')}
              </RouterLink>
            </Button>
            <Button size="xs" variant="outline" onClick={onEdit} aria-label={t('contribute.places.editNamed', { name })}>
              <Pencil aria-hidden /> {t('contribute.places.edit')}
            </Button>
          </HStack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The signed-in user's own places (GET /public/auth/places, newest first): name, category,
 * zone, a link to the public page and Edit (`onEdit`, which opens the edit-request form). The page
 * is in the URL (`?page=`). `addAction` (Add Place) sits by the heading and in the empty state (the
 * only way to add on small screens, where the header has no Add Place for signed-in users).
 * Loading skeleton, 'Failed to load your places' with retry.
 */
export function MyPlacesList({ onEdit, addAction }: { onEdit: (place: Place) => void; addAction?: (variant: 'header' | 'empty') => ReactNode }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useMyPlacesQuery({ page, limit: LIMITS.defaultPageSize });
  usePlaceCreatedListener(() => void query.refetch());
  const total = query.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LIMITS.defaultPageSize));
  const goTo = (n: number) => setParams((prev) => {
    const p = new URLSearchParams(prev);
    if (n > 1) p.set('page', String(n)); else p.delete('page');
    return p;
  }, { replace: true });
  useClampedPage(page, pages, query.isSuccess && !query.isPlaceholderData, goTo);

  return (
    <Section title={t('contribute.places.heading')} id="my-places-heading" action={query.data?.data.length ? addAction?.('header') : undefined}>
      <Text color="fg.muted" fontSize="sm" mt="-2" mb="4">{t('contribute.places.intro')}</Text>
      {query.isError ? (
        <ErrorState message={t('contribute.places.loadError')} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Stack gap="3" aria-busy="true" aria-label={t('app.loading')}>
          {Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height="20" borderRadius="lg" />)}
        </Stack>
      ) : query.data.data.length === 0 ? (
        <EmptyBlock icon={<Store />} title={t('contribute.places.empty')} description={t('contribute.places.emptyHint')} action={addAction?.('empty')} />
      ) : (
        <>
          <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-labelledby="my-places-heading" opacity={query.isPlaceholderData ? 0.6 : 1}>
            {query.data.data.map((p) => <PlaceRow key={p.id} place={p} onEdit={() => onEdit(p)} />)}
          </Stack>
          <Pager page={Math.min(page, pages)} pages={pages} onPage={goTo} />
        </>
      )}
    </Section>
  );
}
