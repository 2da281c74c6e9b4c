import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders `children` only after the page has painted once, in a transition, so React renders them in
 * small slices that never block input (decision 012). For content below the fold — footers, further
 * sections, the rest of a list — that would otherwise delay the first paint of what the reader sees.
 * `fallback` (default nothing) stands in until then; once shown, the children stay mounted.
 */
export function Deferred({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    let done = false;
    const reveal = () => {
      if (done) return;
      done = true;
      startTransition(() => setReady(true));
    };
    // after the next frame is painted; a hidden tab paints no frames, hence the timer
    const frame = requestAnimationFrame(() => setTimeout(reveal, 0));
    const timer = setTimeout(reveal, 500);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready]);
  return <>{ready ? children : fallback}</>;
}
