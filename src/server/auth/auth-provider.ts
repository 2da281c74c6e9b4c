import type { AccessTokenVerifier } from './tokens.ts';
import type { Lang } from '../message-catalogue.ts';

/**
 * One interface for accounts and sign-in, implemented by `LocalAuthProvider` (embedded
 * stack: auth.users in our own Postgres) and `SupabaseAuthProvider` (Supabase Auth / GoTrue).
 * Both pass tests/api/auth-provider.contract.ts.
 *
 * Failures are thrown as domain errors (src/server/domain-errors.ts; http/http-errors.ts gives the status) with
 * these codes (status): invalid_credentials (401),
 * email_not_verified (403), invalid_code (400: wrong, expired or used), code_attempts_exceeded (400:
 * 5 wrong codes burn the code), invalid_refresh_token (401: unknown, revoked, expired or reused),
 * current_password_incorrect (400), same_password (400), unauthorized (401); rate_limited (429) and
 * auth_unavailable (503) from Supabase Auth, with `retryAfterSeconds`.
 * Methods that take an e-mail address never reveal whether it has an account.
 */
export interface AuthProvider extends AccessTokenVerifier {
  readonly kind: 'local' | 'supabase';

  /**
   * Starts a sign-up: creates an unconfirmed user (or refreshes the password and name of one still
   * unconfirmed) and mails a 6-digit code in `lang`. An already confirmed address gets no code (the
   * local provider mails a "you already have an account" notice); the answer is the same either way.
   */
  register(input: { email: string; password: string; name: string }, lang: Lang): Promise<void>;
  /** Confirms the address with its code (single use, 1 hour, 5 attempts) and signs the user in. */
  verifyEmail(email: string, code: string): Promise<AuthSession>;
  /** Mails a fresh sign-up code to an unconfirmed address; does nothing (silently) otherwise. */
  resendCode(email: string, lang: Lang): Promise<void>;
  /** Password sign-in. `remember` lengthens the session (local provider; admin sessions). */
  login(email: string, password: string, options?: { remember?: boolean }): Promise<AuthSession>;
  /** Rotates a refresh token: the old one stops working; reusing it revokes the whole session. */
  refresh(refreshToken: string): Promise<AuthSession>;
  /** Ends the session of `accessToken` (or of `refreshToken`). Unknown tokens are ignored. */
  logout(input: { accessToken?: string; refreshToken?: string }): Promise<void>;
  /** Mails a reset code when the address has a confirmed account; silently does nothing otherwise. */
  forgotPassword(email: string, lang: Lang): Promise<void>;
  /** Checks a reset code without using it up (a wrong guess counts as an attempt). */
  verifyResetCode(email: string, code: string): Promise<void>;
  /** Sets a new password with a reset code (used up) and ends every session of the user. */
  resetPassword(email: string, code: string, newPassword: string): Promise<void>;
  /** Changes the password after checking the current one; ends the user's other sessions. */
  changePassword(user: { id: string; email: string; accessToken: string }, currentPassword: string, newPassword: string): Promise<void>;
  /** The user, or null when the id is unknown. */
  getUser(userId: string): Promise<AuthUser | null>;
  /** Sets the display name (user_metadata.name); null when the id is unknown. */
  updateName(userId: string, name: string): Promise<AuthUser | null>;
  /** Grants (true) or revokes (false) the admin role: app_metadata.role = 'admin'. */
  setAdminRole(userId: string, isAdmin: boolean): Promise<void>;
  /**
   * Creates a confirmed admin, or promotes the existing user with this address and sets their
   * password. Returns the user and whether it was created.
   */
  createAdmin(input: { email: string; password: string; name?: string }): Promise<{ user: AuthUser; created: boolean }>;
  /** Releases connections/timers the provider holds. */
  close?(): Promise<void>;
}

/** A user as providers return it. createdAt is ISO 8601. */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  emailConfirmed: boolean;
  createdAt: string;
}

/** A signed-in session. expiresAt: access-token expiry in seconds since epoch. */
export interface AuthSession {
  token: string;
  refreshToken: string;
  expiresAt: number;
  user: AuthUser;
}

/** The user object of API answers: {id, email, name}. */
export function publicUser(user: AuthUser): { id: string; email: string; name: string } {
  return { id: user.id, email: user.email, name: user.name };
}

/** The session object of API answers: {token, refreshToken, expiresAt, user:{id,email,name}}. */
export function publicSession(session: AuthSession) {
  return { token: session.token, refreshToken: session.refreshToken, expiresAt: session.expiresAt, user: publicUser(session.user) };
}

/** Normalises an e-mail address the way both providers compare them. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
