import { Button, HStack, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../lib/preferences.tsx';

/** Prev / 'Page X of Y' / Next of a paginated admin list (spec §2), arrows mirrored in RTL; `label` names the nav. */
export function AdminPager({ page, pages, onPage, label }: { page: number; pages: number; onPage: (page: number) => void; label: string }) {
  const { t } = useTranslation('admin');
  const { dir } = usePreferences();
  const Prev = dir === 'rtl' ? ChevronRight : ChevronLeft;
  const Next = dir === 'rtl' ? ChevronLeft : ChevronRight;
  return (
    <HStack as="nav" aria-label={label} justify="center" gap="3" mt="4">
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <Prev aria-hidden /> {t('places.prev')}
      </Button>
      <Text fontSize="sm" aria-current="page">{t('places.pageOf', { page, pages })}</Text>
      <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('places.next')} <Next aria-hidden />
      </Button>
    </HStack>
  );
}
