import { Button, HStack, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * Prev / 'Page X of Y' / Next for a paged list (pages counted from 1). Renders nothing for a single
 * page. The chevrons flip in right-to-left pages.
 */
export function Pager({ page, pages, onPage, label }: { page: number; pages: number; onPage: (page: number) => void; label?: string }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <HStack as="nav" aria-label={label ?? t('places.pagination')} justify="center" gap="3" mt="4">
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="flip-rtl" aria-hidden /> {t('places.prev')}
      </Button>
      <Text fontSize="sm" aria-live="polite">{t('places.pageOf', { page, pages })}</Text>
      <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('places.next')} <ChevronRight className="flip-rtl" aria-hidden />
      </Button>
    </HStack>
  );
}
