import { OFFLINE_COPY_HEADER, OFFLINE_COPY_META } from '../shared/offline.ts';

/**
 * Whether what the page shows came from the service worker's cache (decision 047): the page itself (the worker
 * wrote `<meta name="dalil-offline-copy" content="<time stored>">` into it) or an API answer (header
 * `Dalil-Offline-Copy`). The network notice reads it and says "Offline copy from <time>". Small and free of UI:
 * the API client reports to it before the page is interactive.
 */
export interface OfflineCopyState {
  /** When the copy on screen was stored (the oldest of the page and its answers), null when all of it is fresh. */
  at: Date | null;
  /** The page's HTML itself is a copy: only a new load shows the online version. */
  page: boolean;
}

const browser = typeof document !== 'undefined';
const listeners = new Set<() => void>();

function pageCopyAt(): Date | null {
  if (!browser) return null;
  const content = document.querySelector(`meta[name="${OFFLINE_COPY_META}"]`)?.getAttribute('content');
  const at = content ? new Date(content) : null;
  return at && Number.isFinite(at.getTime()) ? at : null;
}

const pageAt = pageCopyAt();
let state: OfflineCopyState = { at: pageAt, page: pageAt !== null };
let dataAt: Date | null = null;

function set(next: OfflineCopyState) {
  if (next.at?.getTime() === state.at?.getTime() && next.page === state.page) return;
  state = next;
  for (const listener of listeners) listener();
}

/**
 * An API answer arrived: `header` is its `Dalil-Offline-Copy` (null for an answer from the network). A fresh
 * answer clears the data part of the state (the page itself stays a copy until it is loaded again).
 */
export function reportAnswerSource(header: string | null) {
  const at = header ? new Date(header) : null;
  if (at && Number.isFinite(at.getTime())) dataAt = dataAt && dataAt < at ? dataAt : at;
  else dataAt = null;
  const oldest = [pageAt, dataAt].filter((d): d is Date => d !== null).sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
  set({ at: oldest, page: pageAt !== null });
}

/** Reads the answer's header for `reportAnswerSource`. */
export function noteAnswer(response: { headers: Pick<Headers, 'get'> }) {
  reportAnswerSource(response.headers.get(OFFLINE_COPY_HEADER));
}

export const getOfflineCopyState = () => state;
export function subscribeOfflineCopy(listener: () => void) {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}
