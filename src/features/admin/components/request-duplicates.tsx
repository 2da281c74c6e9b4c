import { Alert, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useDuplicatesQuery } from '../../../components/place-form/get-duplicate-candidates.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { coordinatesOf } from '../../../shared/map-coordinates.ts';
import type { PlaceRequest } from '../../../shared/schemas/place-request-schemas.ts';
import { useRejectPlaceRequest } from '../api/admin-place-requests-api.ts';
import '../../../lib/late-strings.ts';

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const number = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * The likely duplicates of a pending create request (GET /public/duplicates with its names, coordinates
 * or map link, and phone), each with a link to the place and a one-click "Reject as duplicate of …" whose
 * reason (in the admin's language) names the place and its address. Nothing when there are none.
 */
export function RequestDuplicates({ request, onRejected }: { request: PlaceRequest; onRejected: () => void }) {
  const { t } = useTranslation('admin');
  const { pick, localize } = usePreferences();
  const reject = useRejectPlaceRequest();
  const p = request.payload;
  const at = number(p.latitude) !== undefined && number(p.longitude) !== undefined
    ? { lat: number(p.latitude)!, lng: number(p.longitude)! }
    : coordinatesOf({ mapUrl: text(p.mapUrl) ?? null });
  const duplicates = useDuplicatesQuery({
    name: text(p.name), nameAr: text(p.nameAr), latitude: at?.lat, longitude: at?.lng, phone: text(p.phone),
  });
  const found = duplicates.data ?? [];
  if (request.type !== 'create' || request.status !== 'pending' || !found.length) return null;
  return (
    <Alert.Root status="warning" borderRadius="md" data-testid="request-duplicates">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('duplicates.requestTitle')}</Alert.Title>
        <Stack gap="2" mt="2">
          {found.map((d) => {
            const name = pick(d.name, d.nameAr);
            const path = localize(`/p/${d.slug}`);
            return (
              <HStack key={d.id} gap="3" wrap="wrap" justify="space-between">
                <Text><Link href={path} target="_blank" rel="noopener" textDecoration="underline">{name}</Link></Text>
                <Button
                  size="xs" variant="outline" colorPalette="red" loading={reject.isPending}
                  onClick={() => reject.mutate(
                    { id: request.id, reason: t('duplicates.rejectReason', { name, url: `${window.location.origin}${path}` }) },
                    { onSuccess: onRejected },
                  )}
                >
                  {t('duplicates.rejectAs', { name })}
                </Button>
              </HStack>
            );
          })}
        </Stack>
      </Alert.Content>
    </Alert.Root>
  );
}
