/**
 * How auth code outside React (the transport's auth-failure hook, sign-out, the admin session) changes
 * page: the router's navigate once the app registers it, else a full page load.
 */
let navigateFn: ((to: string) => unknown) | null = null;

export function setAuthNavigator(fn: (to: string) => unknown) {
  navigateFn = fn;
}

/** Goes to `to`; resolves once the router has finished the navigation. */
export async function navigateTo(to: string): Promise<void> {
  if (navigateFn) await navigateFn(to);
  else if (typeof window !== 'undefined') window.location.assign(to);
}

/** The current in-app location (pathname + search) — the origin a login redirect keeps. */
export function currentLocation(): string {
  return typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`;
}
