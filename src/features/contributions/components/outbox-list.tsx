import { Badge, Box, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { CloudOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useDeviceTranslation } from '../../../lib/device-i18n.ts';
import { retryNetworkNow } from '../../../lib/network-status.ts';
import { confirmResend, listOutbox, removeOutboxEntry, subscribeOutbox, type OutboxEntry, type OutboxKind } from '../../../lib/outbox.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { useSession } from '../../../lib/session.ts';
import { outboxAuth } from '../api/outbox-auth.ts';
import { formatDate } from './format.ts';

/**
 * The signed-in user's requests of kind `kind` still on this device (decision 048): each with its place's name,
 * when it was made and "Waiting to send" — or, refused by the API when it was sent, the reason and a Discard
 * button; or, unsent past its key's window (decision 056), a note that it may have arrived, to be checked among the
 * requests, with Send again and Discard. Nothing when there are none (or the device has no IndexedDB). Follows the
 * outbox as it changes.
 */
export function OutboxList({ kind }: { kind: OutboxKind }) {
  const { t } = useDeviceTranslation();
  const { pick, lang } = usePreferences();
  const { user } = useSession('public');
  const userId = user?.id ?? null;
  const [entries, setEntries] = useState<OutboxEntry[]>([]);

  useEffect(() => {
    if (!userId) return;
    let live = true;
    const read = () => listOutbox(userId).then((all) => live && setEntries(all.filter((e) => e.kind === kind)), () => undefined);
    void read();
    const unsubscribe = subscribeOutbox(() => void read());
    return () => {
      live = false;
      unsubscribe();
    };
  }, [userId, kind]);

  if (!userId || entries.length === 0) return null;
  const headingId = `outbox-${kind}-heading`;
  return (
    <Box as="section" aria-labelledby={headingId} mb="6" data-testid="outbox-list">
      <HStack gap="2" mb="1"><CloudOff size={16} aria-hidden /><Text as="h3" id={headingId} fontWeight="semibold">{t('outbox.heading')}</Text></HStack>
      <Text color="fg.muted" fontSize="sm" mb="3">{t('outbox.intro')}</Text>
      <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
        {entries.map((entry) => {
          const name = pick(entry.label.name, entry.label.nameAr);
          return (
            <Card.Root as="li" key={entry.id} variant="outline" borderRadius="lg" borderStyle="dashed" data-testid="outbox-entry">
              <Card.Body p="4" gap="2">
                <HStack justify="space-between" align="start" gap="3" wrap="wrap">
                  <Stack gap="1" minW="0" flex="1">
                    <Text fontWeight="semibold" lineClamp={2}><bdi>{name}</bdi></Text>
                    <Text fontSize="sm" color="fg.muted">{t(`outbox.kind.${entry.kind}`)} · {t('outbox.madeOn', { date: formatDate(entry.createdAt, lang) })}</Text>
                  </Stack>
                  {entry.state === 'waiting' && <Badge colorPalette="orange" variant="subtle" data-testid="outbox-waiting">{t('outbox.waiting')}</Badge>}
                  {entry.state === 'rejected' && <Badge colorPalette="red" variant="subtle">{t('outbox.rejectedTitle')}</Badge>}
                  {entry.state === 'unsure' && <Badge colorPalette="orange" variant="subtle" data-testid="outbox-unsure">{t('outbox.unsureTitle')}</Badge>}
                </HStack>
                {entry.state === 'unsure' && (
                  <>
                    <Text fontSize="sm">{t('outbox.unsure')}</Text>
                    <HStack gap="2" wrap="wrap">
                      <Button size="xs" onClick={() => void confirmResend(entry.id, outboxAuth()).then(retryNetworkNow)} aria-label={t('outbox.sendAgainNamed', { name })}>
                        {t('outbox.sendAgain')}
                      </Button>
                      <Button size="xs" variant="outline" onClick={() => void removeOutboxEntry(entry.id)} aria-label={t('outbox.discardNamed', { name })}>
                        {t('outbox.discard')}
                      </Button>
                    </HStack>
                  </>
                )}
                {entry.state === 'rejected' && (
                  <>
                    <Text fontSize="sm">{t('outbox.rejected', { message: entry.error?.message ?? '' })}</Text>
                    <Box>
                      <Button size="xs" variant="outline" onClick={() => void removeOutboxEntry(entry.id)} aria-label={t('outbox.discardNamed', { name })}>
                        {t('outbox.discard')}
                      </Button>
                    </Box>
                  </>
                )}
              </Card.Body>
            </Card.Root>
          );
        })}
      </Stack>
    </Box>
  );
}
