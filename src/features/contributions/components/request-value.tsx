import { Image, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PlaceFormOption } from '../../../components/place-form/place-form-fields.tsx';

export const IMAGE_FIELDS = ['logoUrl', 'details.imageUrl'];
const LINK_FIELDS = ['websiteUrl', 'mapUrl', 'details.youtubeUrl', 'phone', 'whatsapp', 'managerPhone'];

const label = (options: PlaceFormOption[], id: unknown) => options.find((o) => o.id === Number(id))?.label ?? `#${String(id)}`;

/**
 * One value of a request's payload as a reader wants it: '(empty)' for a cleared field, the category
 * or zone name for ids, a thumbnail for the logo and main image (`alt` names it), links and phone
 * numbers left-to-right, other texts in their own direction.
 */
export function RequestValue({ field, value, categories, zones, alt }: {
  field: string;
  value: unknown;
  categories: PlaceFormOption[];
  zones: PlaceFormOption[];
  alt: string;
}) {
  const { t } = useTranslation();
  if (value === null || value === undefined || value === '') {
    return <Text as="span" color="fg.muted" fontStyle="italic">{t('contribute.requests.emptyValue')}</Text>;
  }
  if (field === 'categoryId') return <Text as="span">{label(categories, value)}</Text>;
  if (field === 'zoneId') return <Text as="span">{label(zones, value)}</Text>;
  if (IMAGE_FIELDS.includes(field) && typeof value === 'string') {
    return <Image src={value} alt={alt} boxSize="16" objectFit="contain" borderRadius="md" borderWidth="1px" bg="bg.muted" />;
  }
  const ltr = LINK_FIELDS.includes(field);
  return (
    <Text as="span" dir={ltr ? 'ltr' : 'auto'} wordBreak={ltr ? 'break-all' : 'break-word'} whiteSpace="pre-wrap">
      {String(value)}
    </Text>
  );
}
