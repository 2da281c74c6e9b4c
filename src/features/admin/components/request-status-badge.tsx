import { Badge, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PlaceRequestStatus } from '../../../shared/schemas/place-request.ts';

const PALETTE: Record<PlaceRequestStatus, string> = { pending: 'orange', approved: 'green', rejected: 'red' };

/** A request's status as a coloured badge with its word, so colour is never the only cue. */
export function RequestStatusBadge({ status }: { status: PlaceRequestStatus | null }) {
  const { t } = useTranslation('admin');
  if (!status) return <Badge variant="outline">—</Badge>;
  return (
    <Badge colorPalette={PALETTE[status]} variant="subtle" size="md" flexShrink={0}>
      {t(`requests.status.${status}`)}
    </Badge>
  );
}

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
