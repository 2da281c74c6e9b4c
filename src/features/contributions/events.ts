import { useEffect, useRef } from 'react';
import type { PlaceRequest } from '../../shared/schemas/place-request-schemas.ts';

/** Window event fired after a place was submitted; `detail` is the pending request. */
export const PLACE_CREATED_EVENT = 'public:placeCreated';

/** Tells the page (lists, counters, anything listening) that a place was submitted. */
export function announcePlaceCreated(request: PlaceRequest): void {
  window.dispatchEvent(new CustomEvent<PlaceRequest>(PLACE_CREATED_EVENT, { detail: request }));
}

/** Runs `listener` on every `public:placeCreated` event while the component is mounted. */
export function usePlaceCreatedListener(listener: (request: PlaceRequest) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    const handle = (event: Event) => latest.current((event as CustomEvent<PlaceRequest>).detail);
    window.addEventListener(PLACE_CREATED_EVENT, handle);
    return () => window.removeEventListener(PLACE_CREATED_EVENT, handle);
  }, []);
}
