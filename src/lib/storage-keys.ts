/** localStorage/sessionStorage keys. Refresh tokens sit beside their access token. */
export const STORAGE_KEYS = {
  theme: 'theme',
  lang: 'lang',
  authToken: 'auth_token',
  adminToken: 'admin_token',
  authRefreshToken: 'auth_refresh_token',
  adminRefreshToken: 'admin_refresh_token',
  /** sessionStorage: the password-reset step (step, e-mail, verified code) so a reload continues it. */
  passwordReset: 'password_reset',
  /** sessionStorage: the visitor's position rounded to ~100 m, from "Near me" (decision 030). */
  nearMe: 'near_me',
} as const;
