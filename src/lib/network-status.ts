import { ApiError } from './api-client-error.ts';

/**
 * What the app knows of the network, for the network notice (src/components/errors/network-notice.tsx,
 * decision 045): `offline` follows the browser's online/offline events; `failed` is set when a request or a
 * route's script failed for the network and cleared by the next answer that arrives; `slow` while an API request has
 * waited more than `SLOW_REQUEST_MS` for its answer (a weak network, decision 056). Small and free of UI:
 * the API client and the router report to it before the page is interactive.
 */
export interface NetworkState {
  offline: boolean;
  failed: boolean;
  /** An API request has been waiting for its answer for more than SLOW_REQUEST_MS (still waiting). */
  slow: boolean;
  /** The visitor closed the notice; a new failure or going offline again shows it again. */
  dismissed: boolean;
}

const browser = typeof window !== 'undefined';
let state: NetworkState = { offline: browser && navigator.onLine === false, failed: false, slow: false, dismissed: false };
const listeners = new Set<() => void>();
const backListeners = new Set<() => void>();
const waiting = new Set<() => void>();

function set(next: Partial<NetworkState>) {
  const merged = { ...state, ...next };
  if (merged.offline === state.offline && merged.failed === state.failed && merged.slow === state.slow && merged.dismissed === state.dismissed) return;
  state = merged;
  for (const listener of listeners) listener();
}

/** Wakes every task waiting for the network (`whenNetworkMayBeBack`) and tells `onNetworkBack` listeners. */
function wake() {
  for (const listener of backListeners) listener();
  const all = [...waiting];
  waiting.clear();
  for (const resume of all) resume();
}

if (browser) {
  window.addEventListener('offline', () => set({ offline: true, dismissed: false }));
  window.addEventListener('online', () => {
    set({ offline: false, failed: false, dismissed: false });
    wake();
  });
}

/** Error messages of a script or a request that could not reach the server (Chromium, Firefox, Safari; Vite's CSS preload). */
const NETWORK_MESSAGE = /failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed|unable to preload css|^failed to fetch$|^networkerror|^load failed$/i;

/** True when `error` is a failure of the network (the API client's status 0, a script or a fetch that could not load), not of the app. */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 0;
  return error instanceof Error && NETWORK_MESSAGE.test(error.message);
}

/** A request or a script failed for the network: show the notice. */
export function reportNetworkFailure() {
  set({ failed: true, dismissed: false, offline: browser && navigator.onLine === false });
}

/** An answer arrived: the connection works (the notice of a failure goes). */
export function reportNetworkSuccess() {
  if (state.failed) set({ failed: false });
}

/**
 * After this long without an answer, a request says the network is slow (the notice shows while it still waits):
 * a few seconds, past the service worker's 3 s wait for a copy it has (decision 047), so a copy served in time says
 * nothing more — placeholders never stand alone for as long as a weak network takes (issue #29).
 */
export const SLOW_REQUEST_MS = 4_000;
let slowRequests = 0;

/** Watches one request: past SLOW_REQUEST_MS without an answer the state turns `slow`; call the returned function once it is answered (or failed). */
export function watchSlowRequest(): () => void {
  let marked = false;
  const timer = setTimeout(() => {
    marked = true;
    slowRequests++;
    set({ slow: true, dismissed: false });
  }, SLOW_REQUEST_MS);
  return () => {
    clearTimeout(timer);
    if (marked && --slowRequests === 0) set({ slow: false });
  };
}

export function dismissNetworkNotice() {
  set({ dismissed: true });
}

/** The notice's "Try again": resumes what waits for the network now. */
export function retryNetworkNow() {
  wake();
}

/** Runs `listener` when the browser is back online and on the notice's "Try again" (the app refetches failed queries). */
export function onNetworkBack(listener: () => void) {
  backListeners.add(listener);
  return () => { backListeners.delete(listener); };
}

export const getNetworkState = () => state;
export function subscribeNetworkState(listener: () => void) {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}

/** How long a task waiting for the network waits at most before trying again (the browser may not tell). */
export const NETWORK_RETRY_MS = 15_000;

/** Resolves when the browser is back online, on "Try again", or after NETWORK_RETRY_MS. */
export function whenNetworkMayBeBack(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, NETWORK_RETRY_MS);
    function done() {
      clearTimeout(timer);
      waiting.delete(done);
      resolve();
    }
    waiting.add(done);
  });
}

/** The URL a failed `import()` names (Chromium: "Failed to fetch dynamically imported module: <url>"). */
const FAILED_URL = /(https?:\/\/\S+?)\s*$/;

/**
 * The module again after a failure: browsers keep a failed `import()` of a URL as failed for the page's life,
 * so the same URL is asked for with a `retry` query (a fresh entry of the module map); `load` again when the
 * error names no URL.
 */
export function importAgain<T>(error: unknown, attempt: number, load: () => Promise<T>): Promise<T> {
  const url = error instanceof Error ? FAILED_URL.exec(error.message)?.[1] : undefined;
  if (!url) return load();
  return import(/* @vite-ignore */ `${url}${url.includes('?') ? '&' : '?'}retry=${attempt}`) as Promise<T>;
}

/**
 * Runs `load` (an `import()`); when it fails for the network, reports it and tries again once the network may
 * be back, as long as it takes: the page the visitor is on stays (React Router keeps it until the next route
 * has loaded; a lazy part waits in its Suspense fallback) instead of the render-error screen. Other errors are
 * thrown as they are. `reloadTo`: the address to load in full once the browser is online again (a route's
 * pending navigation: a module whose own imports failed stays failed in this page, a fresh page does not).
 */
export function loadWhenOnline<T>(load: () => Promise<T>, options: { reloadTo?: () => string | null } = {}): Promise<T> {
  return load().then((value) => {
    reportNetworkSuccess();
    return value;
  }, async (error: unknown) => {
    if (!isNetworkError(error) || !browser) throw error;
    reportNetworkFailure();
    for (let attempt = 1; ; attempt++) {
      await whenNetworkMayBeBack();
      const href = navigator.onLine ? options.reloadTo?.() : null;
      if (href) {
        window.location.assign(href);
        return new Promise<T>(() => {});
      }
      try {
        const value = await importAgain(error, attempt, load);
        reportNetworkSuccess();
        return value;
      } catch (again) {
        if (!isNetworkError(again)) throw again;
        reportNetworkFailure();
      }
    }
  });
}
