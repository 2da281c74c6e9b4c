import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders `children` only after the page has painted once, in a transition, so React renders them in
 * small slices that never block input (decision 012). For content below the fold — footers, further
 * sections, the rest of a list — that would otherwise delay the first paint of what the reader sees.
 * `delay` (frames, default 0) staggers several blocks so each commits on its own, in a short task;
 * `fallback` (default nothing) stands in until then. Once shown, the children stay mounted.
 */
export function Deferred({ children, fallback = null, delay = 0 }: { children: ReactNode; fallback?: ReactNode; delay?: number }) {
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
