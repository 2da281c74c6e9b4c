/**
 * The one way the search overlay and the /search page count their results, so both say the same
 * thing: the results *shown* (each group cut at `shownPerGroup`), and whether more exist — a group
 * had more than it shows, or came back full (`fetchedPerGroup`, the request's per-group limit), so
 * the server may hold more. `more` is announced as "N+ results", never a bare number that exceeds
 * or undercounts the cards on screen.
 */
export function countResults(groupLengths: number[], shownPerGroup: number, fetchedPerGroup: number): { shown: number; more: boolean } {
  const shown = groupLengths.reduce((sum, n) => sum + Math.min(n, shownPerGroup), 0);
  const more = groupLengths.some((n) => n > shownPerGroup || n >= fetchedPerGroup);
  return { shown, more };
}
