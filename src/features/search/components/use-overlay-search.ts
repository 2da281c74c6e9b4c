import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { LIMITS } from '../../../shared/constants.ts';
import { normalizeSearchText, useSearchQuery } from '../api/get-search-results.ts';

/**
 * Live search of the overlay: the request goes out 300 ms after the last keystroke,
 * asks for 5 per group (the overlay shows 3), and only for text that is non-blank after trimming.
 */
export function useOverlaySearch(text: string) {
  const query = normalizeSearchText(text);
  const settledQuery = useDebouncedValue(query, LIMITS.searchDelayMs);
  const result = useSearchQuery(settledQuery, LIMITS.overlayPlaceLimit);
  const settled = settledQuery === query;
  return {
    query,
    data: query ? result.data : undefined,
    pending: !settled || result.isFetching,
    error: settled && result.isError,
    retry: () => void result.refetch(),
  };
}
