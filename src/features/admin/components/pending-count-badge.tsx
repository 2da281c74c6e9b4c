import { Badge, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * A count of pending requests beside a label (requests tabs, admin navigation): the number is shown,
 * screen readers hear 'Pending: N'. Dark orange keeps the white number above AA contrast; the badge is the
 * hidden text's containing block, so inside a scrolling nav it cannot widen the page.
 */
export function PendingCountBadge({ count }: { count: number }) {
  const { t } = useTranslation('admin');
  return (
    <Badge bg="orange.700" color="white" borderRadius="full" size="sm" ms="1.5" minW="5" justifyContent="center" position="relative">
      <span aria-hidden>{count}</span>
      <VisuallyHidden>{t('requests.pendingCount', { count })}</VisuallyHidden>
    </Badge>
  );
}
