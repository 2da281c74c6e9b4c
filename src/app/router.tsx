import { createBrowserRouter, matchRoutes, Navigate, RouterProvider, type HydrationState, type RouteObject } from 'react-router-dom';
import { RootLayout } from './layouts/root-layout.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RouteErrorBoundary } from './layouts/route-error-boundary.tsx';
import { installAuthHooks } from '../features/auth/auth-hooks.ts';
import { PageSpinner } from '../components/ui/page-spinner.tsx';
import { loadWhenOnline } from '../lib/network-status.ts';
import type { ClientScreen } from './client-screens.ts';
import type { RouteHandle } from './route-data.ts';
import { websiteSettingsQueryOptions } from '../features/settings/api/get-website-settings.ts';

type Lazy = () => Promise<{ default: React.ComponentType; handle?: RouteHandle }>;
let browserRouter: ReturnType<typeof createBrowserRouter> | null = null;
/** The address of the navigation under way, if any (loaded in full once the network is back). */
const pendingHref = () => {
  const next = browserRouter?.state.navigation.location;
  return next ? `${next.pathname}${next.search}${next.hash}` : null;
};
/** A lazily loaded screen and its `handle` (the queries of its page, ./route-data.ts); its script, failing for the network, is loaded once the network is back (the page stays meanwhile). */
const screen = (load: Lazy): Pick<RouteObject, 'lazy'> => ({
  lazy: () => loadWhenOnline(load, { reloadTo: pendingHref }).then((m) => ({ Component: m.default, handle: m.handle })),
});

/** A screen of a client-rendered page (account, sign-in, admin), loaded through ./client-screens.ts (decision 063). */
const clientScreen = (name: ClientScreen): Lazy => () => import('./client-screens.ts').then((m) => m.clientScreens[name]());

/** A route and its Arabic twin (path + '/ar'; '/' → '/ar'). */
function twin(path: string, load: Lazy): RouteObject[] {
  const arPath = path === '/' ? '/ar' : `${path}/ar`;
  return [{ path, ...screen(load) }, { path: arPath, ...screen(load) }];
}

const publicRoutes: RouteObject[] = [
  ...twin('/', () => import('./routes/public/home.tsx')),
  ...twin('/search', () => import('./routes/public/search.tsx')),
  ...twin('/categories', () => import('./routes/public/categories.tsx')),
  ...twin('/categories/:slug', () => import('./routes/public/category-places.tsx')),
  ...twin('/places', () => import('./routes/public/places.tsx')),
  ...twin('/places/:slug', () => import('./routes/public/place-details.tsx')),
  ...twin('/p/:slug', () => import('./routes/public/place-details.tsx')),
  ...twin('/zones/:slug', () => import('./routes/public/zone-places.tsx')),
  ...twin('/map', () => import('./routes/public/map.tsx')),
  ...twin('/map/zones/:slug', () => import('./routes/public/map-zone.tsx')),
  // the places saved on this device (decision 048): client-rendered, read from IndexedDB
  ...twin('/saved', () => import('./routes/public/saved.tsx')),
  ...twin('/profile', clientScreen('profileIndex')),
  ...twin('/profile/places', clientScreen('profilePlaces')),
  ...twin('/profile/creation-requests', clientScreen('profileCreationRequests')),
  ...twin('/profile/edit-requests', clientScreen('profileEditRequests')),
  { path: '*', ...screen(() => import('./routes/public/not-found.tsx')) },
];

const authRoutes: RouteObject[] = [
  ...twin('/auth/register', clientScreen('authRegister')),
  ...twin('/auth/verify-email', clientScreen('authVerifyEmail')),
  ...twin('/auth/login', clientScreen('authLogin')),
  ...twin('/auth/reset-password', clientScreen('authResetPassword')),
  ...twin('/admin/login', clientScreen('adminLogin')),
];

const adminChildren: RouteObject[] = [
  { index: true, element: <Navigate to="/admin/map" replace /> },
  { path: 'ar', element: <Navigate to="/admin/map/ar" replace /> },
  ...twin('overview', clientScreen('adminOverview')),
  ...twin('map', clientScreen('adminMap')),
  ...twin('map/zones/:zoneId', clientScreen('adminZone')),
  ...twin('zones', clientScreen('adminMap')),
  ...twin('categories', clientScreen('adminCategories')),
  ...twin('places', clientScreen('adminPlaces')),
  ...twin('requests', clientScreen('adminRequests')),
  ...twin('history', clientScreen('adminHistory')),
  ...twin('duplicates', clientScreen('adminDuplicates')),
  ...twin('import', clientScreen('adminImport')),
  ...twin('password', clientScreen('adminPassword')),
].map((r) => (r.path ? { ...r, path: r.path.replace(/^\//, '') } : r));

/** The public layout's data (its header and footer: the site's name and logo), see ./route-data.ts. */
const publicLayoutHandle: RouteHandle = { queries: () => [websiteSettingsQueryOptions] };

/**
 * Every route of the app, shared by the browser router (below) and the server's renderer of the public
 * pages (src/entry-server.tsx, decision 019): one set of route components for both.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    // shown only while a lazily loaded route of a client-rendered page (admin, auth) arrives
    HydrateFallback: PageSpinner,
    children: [
      // the layout's header and footer show the site's name and logo
      { element: <PublicLayout />, errorElement: <RouteErrorBoundary />, handle: publicLayoutHandle, children: publicRoutes },
      { errorElement: <RouteErrorBoundary />, children: authRoutes },
      {
        path: '/admin',
        errorElement: <RouteErrorBoundary />,
        ...screen(clientScreen('adminArea')),
        children: adminChildren,
      },
    ],
  },
];

/**
 * Loads the lazy route modules `location` matches, so a server-rendered page hydrates with its route
 * components already there (React Router would otherwise render a fallback first: a hydration mismatch).
 */
export async function loadMatchedRoutes(routes: RouteObject[], location: { pathname: string }) {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(matches.map(async ({ route }) => {
    if (typeof route.lazy !== 'function') return;
    const loaded = await route.lazy();
    Object.assign(route, { ...loaded, lazy: undefined });
  }));
}

/**
 * The browser's router. `hydrationData` is given when the page was rendered by the server (its routes
 * have no loaders: the data arrives as React Query's dehydrated cache, src/main.tsx).
 */
export function createAppRouter(hydrationData?: HydrationState) {
  const router = createBrowserRouter(appRoutes, hydrationData ? { hydrationData } : undefined);
  browserRouter = router;
  // The transport's 401 refresh and auth-failure redirects use this router.
  installAuthHooks((to) => router.navigate(to));
  return router;
}

export function AppRouter({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return <RouterProvider router={router} />;
}
