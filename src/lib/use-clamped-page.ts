import { useEffect } from 'react';

/**
 * Keeps a paged list's `page` (from 1, usually in the URL) within its pages: once the list's answer
 * for the current filters is in (`settled`: loaded, not a placeholder from other parameters) and
 * `page` is past the last page — `/places?page=999` of 275 pages, or a page emptied by a filter or
 * a deletion — calls `goTo(pageCount)` so the person sees the last page instead of "Page 999 of 275"
 * over an empty list. `goTo` should replace the history entry.
 */
export function useClampedPage(page: number, pageCount: number, settled: boolean, goTo: (page: number) => void): void {
  const past = settled && page > Math.max(1, pageCount);
  useEffect(() => {
    if (past) goTo(Math.max(1, pageCount));
    // goTo is a fresh closure each render; the clamp depends only on these values
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [past, pageCount]);
}
