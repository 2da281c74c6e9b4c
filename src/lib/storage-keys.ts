/** localStorage/sessionStorage keys. Refresh tokens sit beside their access token. */
export const STORAGE_KEYS = {
  theme: 'theme',
  lang: 'lang',
  authToken: 'auth_token',
  adminToken: 'admin_token',
  authRefreshToken: 'auth_refresh_token',
  adminRefreshToken: 'admin_refresh_token',
} as const;
