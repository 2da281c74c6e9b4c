/**
 * How auth code outside React (the transport's auth-failure hook, the admin session) changes page:
 * the router's navigate once the app registers it, else a full page load.
 */
let navigateFn: ((to: string) => void) | null = null;

export function setAuthNavigator(fn: (to: string) => void) {
  navigateFn = fn;
}

export function navigateTo(to: string) {
  if (navigateFn) navigateFn(to);
  else if (typeof window !== 'undefined') window.location.assign(to);
}

/** The current in-app location (pathname + search) — the origin a login redirect keeps. */
export function currentLocation(): string {
  return typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`;
}
