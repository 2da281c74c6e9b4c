import { Alert, Link, List, Text } from '@chakra-ui/react';
import '../ui/late-recipes.ts';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { canCheckDuplicates, useDuplicatesQuery } from './get-duplicate-candidates.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { usePreferences } from '../../lib/preferences.tsx';
import { coordinatesOf } from '../../shared/map-coordinates.ts';
import { toWesternDigits } from '../../shared/digits.ts';
import type { PlaceFormValues } from './form-values.ts';
import '../../lib/late-strings.ts';

/**
 * "Is it one of these?": while a place is being added, the approved places likely the same (a similar
 * name near the coordinates of its map link, or the same phone; GET /public/duplicates), each linking
 * to its page in a new tab. A hint only: the form can still be submitted. Checks 600 ms after typing stops.
 */
export function DuplicateWarning({ form, excludeId }: { form: UseFormReturn<PlaceFormValues>; excludeId?: number }) {
  const { t } = useTranslation('common');
  const { localize, pick } = usePreferences();
  const [name, nameAr, phone, mapUrl] = useWatch({ control: form.control, name: ['name', 'nameAr', 'phone', 'mapUrl'] });
  const at = coordinatesOf({ mapUrl: mapUrl || null });
  const check = useDebouncedValue({
    name: name?.trim() || undefined,
    nameAr: nameAr?.trim() || undefined,
    latitude: at?.lat,
    longitude: at?.lng,
    phone: typeof phone === 'string' && phone.trim() ? toWesternDigits(phone.trim()) : undefined,
    excludeId,
  }, 600);
  const duplicates = useDuplicatesQuery(check);
  const found = canCheckDuplicates(check) ? duplicates.data ?? [] : [];
  if (!found.length) return null;
  return (
    <Alert.Root status="warning" borderRadius="md" data-testid="duplicate-warning" aria-live="polite">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('duplicates.title')}</Alert.Title>
        <Alert.Description>
          <Text mb="2">{t('duplicates.intro')}</Text>
          <List.Root ps="5">
            {found.map((d) => (
              <List.Item key={d.id}>
                <Link href={localize(`/p/${d.slug}`)} target="_blank" rel="noopener" textDecoration="underline">{pick(d.name, d.nameAr)}</Link>
                {' — '}
                {d.reasons.map((r) => t(r === 'name' ? 'duplicates.similarNameNearby' : 'duplicates.samePhone')).join(t('duplicates.and'))}
              </List.Item>
            ))}
          </List.Root>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
