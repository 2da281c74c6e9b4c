/**
 * The screens of the pages the browser renders by itself — the account (`/profile…`), sign-in, sign-up and the admin
 * area — each a lazily loaded module, reached by the route table (./router.tsx) through this module.
 *
 * Why a module of their own: Vite writes, in the module that holds a dynamic `import()`, the list of the chunk files
 * that import needs (its preload map). With these ~30 imports in the route table, that list (the admin screens and
 * forms need 20–70 files each) was part of the entry every public page loads before it is interactive. Here it loads
 * with the first of these screens instead (one small file more, once, on that navigation; decision 063).
 */
export const clientScreens = {
  profileIndex: () => import('./routes/profile/profile-index.tsx'),
  profilePlaces: () => import('./routes/profile/profile-places.tsx'),
  profileCreationRequests: () => import('./routes/profile/profile-creation-requests.tsx'),
  profileEditRequests: () => import('./routes/profile/profile-edit-requests.tsx'),
  authRegister: () => import('./routes/auth/auth-register.tsx'),
  authVerifyEmail: () => import('./routes/auth/auth-verify-email.tsx'),
  authLogin: () => import('./routes/auth/auth-login.tsx'),
  authResetPassword: () => import('./routes/auth/auth-reset-password.tsx'),
  adminLogin: () => import('./routes/admin/admin-login.tsx'),
  adminArea: () => import('./layouts/admin-area.tsx').then((m) => ({ default: m.AdminArea })),
  adminOverview: () => import('./routes/admin/admin-overview.tsx'),
  adminMap: () => import('./routes/admin/admin-map.tsx'),
  adminZone: () => import('./routes/admin/admin-zone.tsx'),
  adminCategories: () => import('./routes/admin/admin-categories.tsx'),
  adminPlaces: () => import('./routes/admin/admin-places.tsx'),
  adminRequests: () => import('./routes/admin/admin-requests.tsx'),
  adminHistory: () => import('./routes/admin/admin-history.tsx'),
  adminDuplicates: () => import('./routes/admin/admin-duplicates.tsx'),
  adminImport: () => import('./routes/admin/admin-import.tsx'),
  adminPassword: () => import('./routes/admin/admin-password.tsx'),
} satisfies Record<string, () => Promise<{ default: React.ComponentType }>>;

export type ClientScreen = keyof typeof clientScreens;
