import { useCallback, useEffect, useRef, useState } from 'react';
import { locate, rememberPosition, type GeolocationFailure, type LocatedPosition } from './geolocation.ts';

/** Where a request for the visitor's position stands. */
export type LocateState =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'located'; position: LocatedPosition }
  | { status: 'failed'; reason: GeolocationFailure };

/**
 * Asks for the visitor's position on `request()` (never on its own: the person presses a button first),
 * remembers it for this tab (rounded to ~100 m) and calls `onLocated`. Starts 'idle' on the server and
 * on the first client render alike, so hydration agrees.
 */
export function useGeolocation(onLocated?: (position: LocatedPosition) => void) {
  const [state, setState] = useState<LocateState>({ status: 'idle' });
  const mounted = useRef(true);
  const callback = useRef(onLocated);
  callback.current = onLocated;
  useEffect(() => {
    mounted.current = true;
    return () => { mounted.current = false; };
  }, []);
  const request = useCallback(async () => {
    setState({ status: 'locating' });
    try {
      const position = await locate();
      rememberPosition(position);
      if (!mounted.current) return;
      setState({ status: 'located', position });
      callback.current?.(position);
    } catch (reason) {
      if (mounted.current) setState({ status: 'failed', reason: reason as GeolocationFailure });
    }
  }, []);
  return { state, request };
}
