import { Badge } from '@chakra-ui/react';
import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PlaceRequestStatus } from '../../shared/schemas/place-request-schemas.ts';
import '../../lib/late-strings.ts';

const LOOK = {
  pending: { palette: 'orange', Icon: Clock },
  approved: { palette: 'green', Icon: CircleCheck },
  rejected: { palette: 'red', Icon: CircleX },
} as const;

/**
 * A place request's status as colour, icon and word (Pending, Approved, Rejected — common
 * namespace, both languages), so colour is never the only cue; `null` (unknown) is an outlined '—'.
 * One badge for the user's requests (profile) and the admin Requests page.
 */
export function RequestStatusBadge({ status }: { status: PlaceRequestStatus | null }) {
  const { t } = useTranslation('common');
  if (!status) return <Badge variant="outline">—</Badge>;
  const { palette, Icon } = LOOK[status];
  return (
    <Badge colorPalette={palette} variant="subtle" size="md" gap="1" flexShrink={0}>
      <Icon size={14} aria-hidden /> {t(`contribute.requests.statuses.${status}`)}
    </Badge>
  );
}
