/**
 * Runs `task` when the browser is idle (after the page is interactive), or after `timeout` ms at most; where
 * `requestIdleCallback` is missing (Safari before 18), after 1 s. Returns a function that cancels it.
 */
export function whenIdle(task: () => void, timeout = 3000): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(task, 1000);
  return () => clearTimeout(timer);
}
