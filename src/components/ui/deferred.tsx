import { startTransition, Suspense, use, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';

const onServer = typeof document === 'undefined';
/** True on a page the server rendered (for its whole life: every `Deferred` keeps the same tree shape). */
let serverRenderedPage = false;
/** Until the hydrated page has painted: deferred blocks wait (their server HTML stays as it is). */
let waitingForPaint = false;
let firstPaint: Promise<void> | null = null;

let endFirstPaint: (() => void) | null = null;
/** Resolved by `PageHydrated` once the page's own Suspense boundary has hydrated. */
let pageHydrated: Promise<void> | null = null;
let endPageHydration: (() => void) | null = null;
/** The early click is replayed once, whatever re-runs the effect. */
let replayed = false;

/**
 * Called by src/main.tsx before it hydrates a server-rendered page: until that page has hydrated and
 * painted (`HydrationEnd`), `Deferred` blocks keep the server's HTML as it is and hydrate afterwards
 * (decision 019).
 */
export function beginHydration() {
  serverRenderedPage = true;
  waitingForPaint = true;
  pageHydrated = new Promise<void>((resolve) => { endPageHydration = resolve; });
  firstPaint = new Promise<void>((resolve) => {
    endFirstPaint = () => {
      waitingForPaint = false;
      resolve();
    };
  });
}

/**
 * Rendered once beside the app by a hydrating page: after the first hydration commit and the next
 * painted frame (or 500 ms in a hidden tab, which paints none), the deferred blocks hydrate. `replay`: a
 * control the visitor clicked before hydration started (src/inline/scripts-after-paint.js), clicked again
 * now that it works, if it is still on the page.
 */
export function HydrationEnd({ replay = null }: { replay?: Element | null }) {
  useEffect(() => {
    // the page is interactive from here on (tests wait for it)
    document.documentElement.setAttribute('data-hydrated', '');
    // in a task of its own, outside React's commit: a click on a part still waiting to hydrate makes React
    // hydrate that part at once and then handle the click (inside an effect it would be dropped)
    const early = !replayed && replay instanceof HTMLElement ? replay : null;
    replayed = true;
    const replayTimer = early ? setTimeout(() => { if (early.isConnected) early.click(); }, 0) : undefined;
    const done = () => endFirstPaint?.();
    let tick: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => { tick = setTimeout(done, 0); });
    const timer = setTimeout(done, 500);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(tick);
      clearTimeout(timer);
      clearTimeout(replayTimer);
    };
  }, [replay]);
  return null;
}

/**
 * Resolves once a server-rendered page's own content has hydrated (`PageHydrated`); at once on a client-rendered
 * page. React hydrates the page's Suspense boundary in a pass after the app's shell, so this comes after
 * `<html data-hydrated>` (`HydrationEnd`, set when the shell has hydrated: the page's controls already take clicks,
 * React hydrates the part clicked first).
 */
export function afterHydration(): Promise<void> {
  return pageHydrated ?? Promise.resolve();
}

/** Rendered by RootLayout after the page, inside the Suspense boundary holding it: its effect ends `afterHydration`. */
export function PageHydrated() {
  useEffect(() => endPageHydration?.(), []);
  return null;
}

/** True once the app runs in the browser after hydration; false on the server and during hydration. */
const noSubscribe = () => () => {};
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscribe, () => true, () => false);
}

/** On a hydrating server-rendered page: suspends (React keeps the server's HTML) until the first paint. */
function AfterFirstPaint({ children }: { children: ReactNode }) {
  if (waitingForPaint && firstPaint) use(firstPaint);
  return <>{children}</>;
}

/** Client-rendered pages: mounts `children` after the page has painted, in a transition. */
function AfterPaint({ children, fallback, delay }: { children: ReactNode; fallback: ReactNode; delay: number }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    let done = false;
    let frame = 0;
    let tick: ReturnType<typeof setTimeout> | undefined;
    const reveal = () => {
      if (done) return;
      done = true;
      startTransition(() => setReady(true));
    };
    // after the next frame(s) are painted; a hidden tab paints no frames, hence the timer
    const wait = (frames: number) => {
      frame = requestAnimationFrame(() => {
        tick = setTimeout(() => (frames > 0 ? wait(frames - 1) : reveal()), 0);
      });
    };
    wait(delay);
    const timer = setTimeout(reveal, 500 + 100 * delay);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(tick);
      clearTimeout(timer);
    };
  }, [ready, delay]);
  return <>{ready ? children : fallback}</>;
}

/**
 * Content below the fold — footers, further sections, the rest of a list — that must not delay the first
 * paint of what the reader sees (decision 012).
 * - Server render (decision 019): rendered in full, so the HTML has it (search engines, no-script readers).
 * - Hydrating that HTML: its hydration waits until the page has painted (a suspended Suspense boundary:
 *   React keeps the server's markup meanwhile), so the first hydration pass is short. On such a page every
 *   `Deferred` keeps that shape (Suspense around its children) so late-hydrating parts always match.
 * - A client-rendered page: mounted after the first paint, inside `startTransition`; `delay` (frames,
 *   default 0) staggers several blocks and `fallback` (default nothing) stands in until then.
 * Once shown, the children stay mounted.
 */
export function Deferred({ children, fallback = null, delay = 0 }: { children: ReactNode; fallback?: ReactNode; delay?: number }) {
  if (onServer || serverRenderedPage) {
    return <Suspense fallback={fallback}><AfterFirstPaint>{children}</AfterFirstPaint></Suspense>;
  }
  return <AfterPaint fallback={fallback} delay={delay}>{children}</AfterPaint>;
}
