import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toaster } from '../../../components/ui/toaster.tsx';
import { useDeviceTranslation } from '../../../lib/device-i18n.ts';
import { onNetworkBack } from '../../../lib/network-status.ts';
import { notifyOutboxChanged, sendOutbox, subscribeOutbox, type OutboxSendResult } from '../../../lib/outbox.ts';
import { OUTBOX_CHANGED_MESSAGE } from '../../../shared/offline.ts';
import { useSession } from '../../../lib/session.ts';
import type { PlaceRequest } from '../../../shared/schemas/place-request-schemas.ts';
import { contributionKeys } from '../api/contribution-keys.ts';
import { sendQueuedRequest } from '../api/send-queued.ts';
import { announcePlaceCreated } from '../events.ts';

/** While the network stays away, how often a waiting request is tried again anyway (a network back without an `online` event). */
const RETRY_MS = 30_000;

/**
 * Sends the signed-in user's waiting requests of the outbox (decision 048): when this mounts (the app's start,
 * after the page is interactive), when the browser is back online or the network notice's "Try again" is pressed,
 * after a new entry is queued while the browser believes it is online, and every 30 s while some wait. Each goes
 * with the `Idempotency-Key` of its first send. A sent request refreshes the user's request lists and toasts
 * "Request sent"; one the API refuses toasts its reason (and stays listed, to be discarded); one set aside as unsure
 * (past its key's window, decision 056) toasts that it waits for the person. The service worker's Background Sync
 * sends from the same outbox under the same lock; what it did arrives as a message and is told alike. Renders nothing.
 * `queryClient` is the app's, given by the provider (React Query's hooks here would split its runtime into one
 * more chunk of the public pages' first scripts).
 */
export default function OutboxSender({ queryClient }: { queryClient: QueryClient }) {
  const { user } = useSession('public');
  const userId = user?.id ?? null;
  const { t } = useDeviceTranslation();

  useEffect(() => {
    if (!userId) return;
    // signing out clears the user's queue with this module: loaded now, so a sign-out with no network has it
    void import('../../../lib/offline-user-data.ts').catch(() => undefined);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const report = (result: Pick<OutboxSendResult, 'sent' | 'rejected' | 'unsure'>) => {
      if (result.sent.length) {
        void queryClient.invalidateQueries({ queryKey: contributionKeys.all });
        for (const { entry, answer } of result.sent) if (entry.kind === 'create') announcePlaceCreated(answer as PlaceRequest);
        toaster.create({ id: 'outbox', type: 'success', title: t('outbox.sentTitle'), description: t('outbox.sentText') });
      }
      for (const entry of result.rejected) {
        toaster.create({ id: `outbox-${entry.id}`, type: 'error', title: t('outbox.rejectedTitle'), description: entry.error?.message || null });
      }
      if (result.unsure.length) toaster.create({ id: 'outbox-unsure', type: 'warning', title: t('outbox.unsureTitle'), description: t('outbox.unsureToast') });
    };
    const flush = async () => {
      clearTimeout(timer);
      if (navigator.onLine === false) return;
      const result = await sendOutbox(userId, sendQueuedRequest);
      report(result);
      if (result.waiting) timer = setTimeout(() => void flush(), RETRY_MS);
    };
    // what the worker's Background Sync sent (it posts its result to every open page of the site)
    const onWorkerMessage = (event: MessageEvent) => {
      const data = event.data as ({ type?: string } & Partial<OutboxSendResult>) | null;
      if (data?.type !== OUTBOX_CHANGED_MESSAGE) return;
      notifyOutboxChanged();
      const mine = <T extends { userId: string }>(list: T[] | undefined) => (list ?? []).filter((e) => e.userId === userId);
      report({ sent: (data.sent ?? []).filter((s) => s.entry.userId === userId), rejected: mine(data.rejected), unsure: mine(data.unsure) });
    };
    navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
    void flush();
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    const offBack = onNetworkBack(onOnline);
    // a request just queued while the browser reports itself online (the server was unreachable): try again soon
    const offQueued = subscribeOutbox(() => {
      clearTimeout(timer);
      timer = setTimeout(() => void flush(), RETRY_MS);
    });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
      offBack();
      offQueued();
    };
  }, [userId, queryClient, t]);
  return null;
}
