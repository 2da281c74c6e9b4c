import { Badge } from '@chakra-ui/react';
import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PlaceRequestStatus } from '../../../shared/schemas/place-request.ts';

const LOOK = {
  pending: { palette: 'orange', Icon: Clock },
  approved: { palette: 'green', Icon: CircleCheck },
  rejected: { palette: 'red', Icon: CircleX },
} as const;

/** A request's status as colour, icon and text: Pending, Approved or Rejected. */
export function RequestStatusBadge({ status }: { status: PlaceRequestStatus }) {
  const { t } = useTranslation();
  const { palette, Icon } = LOOK[status];
  return (
    <Badge colorPalette={palette} variant="subtle" size="md" gap="1" flexShrink={0}>
      <Icon size={14} aria-hidden /> {t(`contribute.requests.statuses.${status}`)}
    </Badge>
  );
}
