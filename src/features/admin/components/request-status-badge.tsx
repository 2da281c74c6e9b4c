import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PlaceRequestStatus } from '../../../shared/schemas/place-request.ts';

const PALETTE: Record<PlaceRequestStatus, string> = { pending: 'orange', approved: 'green', rejected: 'red' };

/** A request's status (spec §4) as a coloured badge with its word, so colour is never the only cue. */
export function RequestStatusBadge({ status }: { status: PlaceRequestStatus | null }) {
  const { t } = useTranslation('admin');
  if (!status) return <Badge variant="outline">—</Badge>;
  return (
    <Badge colorPalette={PALETTE[status]} variant="subtle" size="md" flexShrink={0}>
      {t(`requests.status.${status}`)}
    </Badge>
  );
}
