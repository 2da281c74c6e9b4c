import { useEffect, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { usePreferences } from '../../../lib/preferences.tsx';
import { moveFocus } from './overlay-results.tsx';

/** Arrow keys inside the results: move between links; Up from the first returns to the input. */
export function resultsKeyDown(event: KeyboardEvent<HTMLElement>, input: HTMLInputElement | null) {
  const container = event.currentTarget;
  if (event.key === 'ArrowDown') {
    event.preventDefault();
    moveFocus(container, 1);
  } else if (event.key === 'ArrowUp') {
    event.preventDefault();
    if (!moveFocus(container, -1)) input?.focus();
  } else if (event.key === 'Home' && event.target !== input) {
    event.preventDefault();
    moveFocus(container, 'first');
  } else if (event.key === 'End' && event.target !== input) {
    event.preventDefault();
    moveFocus(container, 'last');
  }
}

/**
 * Closes the overlay when the visitor goes to another page — but not on the history replacements
 * LocaleSync makes on arrival (removing ?lang/?theme), which may land while the visitor already types.
 */
export function useCloseOnNavigation(close: () => void) {
  const location = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'REPLACE') close();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);
}

/** Opens the /search page with the text. */
export function useSubmitSearch() {
  const navigate = useNavigate();
  const { localize } = usePreferences();
  return (query: string) => navigate(localize(query ? `/search?q=${encodeURIComponent(query)}` : '/search'));
}
