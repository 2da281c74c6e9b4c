import { Alert, Badge, Box, Button, Card, Container, Heading, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Bookmark, Clock, MapPin, Navigation, Phone } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyBlock, ErrorState } from '../../../components/ui/query-states.tsx';
// the place page's own pieces, through its module: this screen then shares the place page's script instead of
// splitting them out of it into chunks of their own (the place page's first scripts would grow; decision 048)
import { digits, DirectionsLink, InfoRow, OpenStatusBadge, PlaceHoursPanel } from './place-details.tsx';
import { useDocumentTitle } from '../../../features/settings/components/document-head.tsx';
import { useDeviceTranslation } from '../../../lib/device-i18n.ts';
import { hoursAt } from '../../../lib/hours-now.ts';
import { apiRequest, publicSchema } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/intl.ts';
import { getNetworkState, subscribeNetworkState } from '../../../lib/network-status.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { listSavedPlaces, refreshSavedPlaces, removeSavedPlace, subscribeSavedPlaces, type SavedPlace } from '../../../lib/saved-places.ts';


/** One saved place: its stored detail, its hours read now on the device (src/lib/hours-now.ts), directions, Remove. */
function SavedPlaceCard({ place }: { place: SavedPlace }) {
  const { t } = useDeviceTranslation();
  const { t: tc } = useTranslation();
  const { pick, localize, lang } = usePreferences();
  const [now, setNow] = useState(() => Date.now());
  // the stored reading moved to now; again once its next change has passed (HoursStatus calls onExpired)
  const hours = useMemo(() => (place.hours ? hoursAt(place.hours, now) : null), [place.hours, now]);
  const readAgain = useCallback(() => setNow(Date.now()), []);
  const name = pick(place.name, place.nameAr);
  const address = pick(place.address ?? '', place.addressAr);
  const headingId = `saved-${place.slug}`;
  return (
    <Card.Root as="li" variant="outline" borderRadius="xl" aria-labelledby={headingId} data-testid="saved-place">
      <Card.Body p={{ base: '4', md: '5' }} gap="4">
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'start' }} gap="3">
          <Stack gap="2" minW="0" flex="1">
            <Heading as="h2" size="lg" id={headingId} overflowWrap="anywhere">
              <Link asChild color="inherit"><RouterLink to={localize(`/p/${place.slug}`)}><bdi>{name}</bdi></RouterLink></Link>
            </Heading>
            <HStack gap="1.5" wrap="wrap">
              <Badge colorPalette="brand" variant="subtle"><bdi>{pick(place.category.name, place.category.nameAr)}</bdi></Badge>
              {place.zone && <Badge variant="outline" whiteSpace="normal" height="auto" minH="5"><bdi>{pick(place.zone.title, place.zone.titleAr)}</bdi></Badge>}
              {hours && <OpenStatusBadge openNow={hours.openNow} />}
            </HStack>
          </Stack>
          <Button size="sm" variant="outline" alignSelf={{ base: 'start', sm: 'auto' }} aria-label={t('saved.removeNamed', { name })} onClick={() => void removeSavedPlace(place.slug).catch(() => undefined)}>
            {t('saved.remove')}
          </Button>
        </Stack>
        {place.unavailable && <Text fontSize="sm" color="fg.warning">{t('saved.unavailable')}</Text>}
        <Stack gap="3">
          <InfoRow icon={<Clock size={18} />} label={tc('place.hours')}>
            {hours
              ? <PlaceHoursPanel hours={hours} onExpired={readAgain} />
              : place.openingHours
                ? <Text as="span" dir="ltr" data-testid="opening-hours">{place.openingHours}</Text>
                : <Text color="fg.muted">{tc('place.hoursUnknown')}</Text>}
          </InfoRow>
          {address && <InfoRow icon={<MapPin size={18} />} label={tc('place.address')}><Text><bdi>{address}</bdi></Text></InfoRow>}
          {place.phone && <InfoRow icon={<Phone size={18} />} label={tc('place.phone')}><Link href={`tel:${digits(place.phone)}`} dir="ltr">{place.phone}</Link></InfoRow>}
          {place.latitude != null && place.longitude != null && (
            <InfoRow icon={<Navigation size={18} />} label={tc('place.directions')}><DirectionsLink lat={place.latitude} lng={place.longitude} name={name} /></InfoRow>
          )}
        </Stack>
        <Text fontSize="xs" color="fg.muted">
          {t('saved.savedOn', { date: formatDate(place.savedAt, lang) })} · {t('saved.updatedOn', { date: formatDate(place.refreshedAt, lang) })}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * /saved and /saved/ar: the places saved on this device (decision 048), read from IndexedDB — nothing here needs
 * the network, so the page works with none (the service worker serves its shell). Online, each saved place is
 * refreshed from the API once per visit. Client-rendered, `noindex` (src/server/spa/client-pages.ts). States:
 * reading, empty (how to save), storage unavailable, the list (most recently saved first).
 */
export default function SavedPlacesPage() {
  const { t } = useDeviceTranslation();
  const { localize } = usePreferences();
  useDocumentTitle(t('saved.title'));
  const [places, setPlaces] = useState<SavedPlace[] | null>(null);
  const [failed, setFailed] = useState(false);
  const network = useSyncExternalStore(subscribeNetworkState, getNetworkState, getNetworkState);
  const offline = network.offline || (typeof navigator !== 'undefined' && navigator.onLine === false);

  useEffect(() => {
    let live = true;
    const read = () => listSavedPlaces().then((list) => live && setPlaces(list), () => live && setFailed(true));
    void read();
    const unsubscribe = subscribeSavedPlaces(() => void read());
    return () => {
      live = false;
      unsubscribe();
    };
  }, []);

  // online: the saved copies follow the API (the place page's request)
  useEffect(() => {
    if (offline) return;
    void refreshSavedPlaces((slug) => apiRequest(`/public/places/${encodeURIComponent(slug)}`, { schema: publicSchema('place') }));
  }, [offline]);

  return (
    <Container maxW="4xl" py="8">
      <Stack gap="6">
        <Stack gap="2">
          <HStack gap="2"><Box color="brand.fg" aria-hidden><Bookmark /></Box><Heading as="h1" size={{ base: '2xl', md: '3xl' }}>{t('saved.title')}</Heading></HStack>
          <Text color="fg.muted">{t('saved.intro')}</Text>
        </Stack>
        {offline && places && places.length > 0 && (
          <Alert.Root status="info" borderRadius="lg" size="sm"><Alert.Indicator /><Alert.Content><Alert.Description>{t('saved.offlineNote')}</Alert.Description></Alert.Content></Alert.Root>
        )}
        {failed ? (
          <ErrorState message={t('saved.loadError')} />
        ) : !places ? (
          <Stack gap="4" aria-busy="true">{Array.from({ length: 2 }, (_, i) => <Skeleton key={i} height="48" borderRadius="xl" />)}</Stack>
        ) : places.length === 0 ? (
          <EmptyBlock
            icon={<Bookmark />}
            title={t('saved.empty')}
            description={t('saved.emptyHint')}
            action={<Button asChild size="sm" colorPalette="brand"><RouterLink to={localize('/places')}>{t('saved.browse')}</RouterLink></Button>}
          />
        ) : (
          <Stack as="ul" gap="4" listStyleType="none" m="0" p="0" aria-label={t('saved.title')}>
            {places.map((p) => <SavedPlaceCard key={p.slug} place={p} />)}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
