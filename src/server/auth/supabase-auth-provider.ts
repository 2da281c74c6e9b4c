import { AuthClient, type AuthError, type Session, type User } from '@supabase/supabase-js';
import { base64url, createLocalJWKSet, createRemoteJWKSet, decodeProtectedHeader, errors as joseErrors, jwtVerify, type JWK, type JWTVerifyGetKey } from 'jose';
import type { Sql } from 'postgres';
import type { JwtClaims } from '../db/client.ts';
import { ConflictError, DomainError, ForbiddenError, NotFoundError, RateLimitedError, SERVER_FIELD_MESSAGES, UnauthenticatedError, UnavailableError, ValidationError } from '../domain-errors.ts';
import type { Lang } from '../message-catalogue.ts';
import type { RequestLogger } from '../http/request-log.ts';
import { hmacSha256Hex, sha256Hex } from './crypto.ts';
import { normalizeEmail, type AuthProvider, type AuthSession, type AuthUser } from './auth-provider.ts';

export interface SupabaseAuthConfig {
  /** Owner connection to the project's database (private.auth_* counters). */
  sql: Sql;
  /** https://<ref>.supabase.co */
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Legacy projects signing with a shared secret: HS256 tokens are then accepted with it. */
  legacyJwtSecret?: string;
  /**
   * The `iss` values accepted (default: `<url>/auth/v1`, hosted Supabase's). Under `supabase start`
   * the function reaches Auth at http://kong:8000 while tokens name the public API URL.
   */
  issuers?: string[];
  /**
   * The project's JWKS as Supabase injects it (SUPABASE_JWKS): verified locally, nothing fetched. An
   * `oct` member (the CLI adds the local JWT secret so) verifies HS256 tokens. Without it, the JWKS
   * is fetched from `<url>/auth/v1/.well-known/jwks.json` (where the function reaches Auth).
   */
  jwks?: { keys: JWK[] };
  /**
   * Where failures the caller is not told of are logged (forgot-password answers 200 whatever Auth
   * said, so an address's existence never shows): JSON lines, the address only as a hash.
   */
  logger?: RequestLogger;
  /** Wrong codes allowed per address before the code is refused (default 5): Supabase Auth does not count them. */
  maxCodeAttempts?: number;
  /** Lifetime of a mailed code, seconds (Supabase's "Email OTP expiration", default 3600). */
  codeTtlSeconds?: number;
  /** How long a checked reset code may still finish the reset, seconds (default 900). */
  resetGrantSeconds?: number;
}

type Purpose = 'signup' | 'recovery';
const ASYMMETRIC_ALGS = ['ES256', 'RS256'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const encoder = new TextEncoder();

function toUser(user: User): AuthUser {
  const name = user.user_metadata?.name;
  return {
    id: user.id,
    email: user.email ?? '',
    name: typeof name === 'string' ? name : '',
    isAdmin: user.app_metadata?.role === 'admin',
    emailConfirmed: Boolean(user.email_confirmed_at),
    createdAt: new Date(user.created_at).toISOString(),
  };
}

function toSession(session: Session): AuthSession {
  return {
    token: session.access_token,
    refreshToken: session.refresh_token,
    expiresAt: session.expires_at ?? Math.floor(Date.now() / 1000) + session.expires_in,
    user: toUser(session.user),
  };
}

/** Upstream trouble (network, 5xx, Supabase's own rate limits) as our error codes; else `fallback`. */
function upstream(error: AuthError, fallback: () => DomainError): DomainError {
  const status = (error as { status?: number }).status ?? 0;
  if (status === 429) return new RateLimitedError('rate_limited', { retryAfterSeconds: 60 });
  if (status === 0 || status >= 500) return new UnavailableError('auth_unavailable', { retryAfterSeconds: 5 });
  return fallback();
}

/**
 * Accounts on Supabase Auth (GoTrue) through @supabase/supabase-js: signUp + verifyOtp('email'),
 * signInWithPassword, resetPasswordForEmail + verifyOtp('recovery'), refreshSession, and the admin
 * API (service role) for names, passwords and app_metadata.role. Access tokens are verified
 * against the project's JWKS with the algorithms pinned. Supabase Auth does not burn a code after
 * wrong guesses, so wrong codes are counted per address here (private.auth_code_failures).
 * Mails are Supabase's: its "Confirm signup" and "Reset password" templates must show {{ .Token }}.
 */
export class SupabaseAuthProvider implements AuthProvider {
  readonly kind = 'supabase' as const;
  private readonly sql: Sql;
  private readonly admin: InstanceType<typeof AuthClient>;
  private readonly jwks: JWTVerifyGetKey;
  private readonly issuers: string[];
  private readonly hs256Key: Uint8Array | undefined;
  private readonly maxAttempts: number;
  private readonly codeTtl: number;
  private readonly grantTtl: number;

  constructor(private readonly config: SupabaseAuthConfig) {
    this.sql = config.sql;
    const base = config.url.replace(/\/+$/, '');
    this.issuers = config.issuers?.length ? config.issuers : [`${base}/auth/v1`];
    const asymmetric = config.jwks?.keys.filter((k) => k.kty !== 'oct');
    this.jwks = asymmetric
      ? createLocalJWKSet({ keys: asymmetric })
      : createRemoteJWKSet(new URL(`${base}/auth/v1/.well-known/jwks.json`), { cooldownDuration: 30_000, cacheMaxAge: 600_000, headers: { apikey: config.anonKey } });
    const oct = config.jwks?.keys.find((k) => k.kty === 'oct' && typeof k.k === 'string');
    this.hs256Key = config.legacyJwtSecret ? encoder.encode(config.legacyJwtSecret) : oct?.k ? base64url.decode(oct.k) : undefined;
    this.admin = this.client(config.serviceRoleKey);
    this.maxAttempts = config.maxCodeAttempts ?? 5;
    this.codeTtl = config.codeTtlSeconds ?? 3600;
    this.grantTtl = config.resetGrantSeconds ?? 900;
  }

  /**
   * supabase-js's auth client alone (createClient would also start Realtime, which needs a global
   * WebSocket that Node 20 lacks). Stateless: nothing persisted, no timers; one per call so
   * sessions of different users never mix.
   */
  private client(key = this.config.anonKey): InstanceType<typeof AuthClient> {
    return new AuthClient({
      url: `${this.config.url.replace(/\/+$/, '')}/auth/v1`,
      headers: { apikey: key, Authorization: `Bearer ${key}` },
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    });
  }

  async verifyAccessToken(token: string): Promise<JwtClaims | null> {
    try {
      const { alg } = decodeProtectedHeader(token);
      const options = { audience: 'authenticated', issuer: this.issuers, requiredClaims: ['exp', 'sub'] };
      const { payload } =
        alg === 'HS256' && this.hs256Key
          ? await jwtVerify(token, this.hs256Key, { ...options, algorithms: ['HS256'] })
          : await jwtVerify(token, this.jwks, { ...options, algorithms: ASYMMETRIC_ALGS });
      if (payload.role !== 'authenticated') return null;
      return payload as unknown as JwtClaims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError || error instanceof SyntaxError) return null;
      throw error;
    }
  }

  async register(input: { email: string; password: string; name: string }, lang: Lang): Promise<void> {
    const email = normalizeEmail(input.email);
    const { error } = await this.client().signUp({ email, password: input.password, options: { data: { name: input.name, locale: lang } } });
    if (error) {
      if (error.code === 'weak_password') throw new ValidationError('validation_failed', { fields: { password: [error.message] } });
      // A taken address must look like a fresh sign-up (projects with confirmations answer so themselves).
      if (error.code !== 'user_already_exists' && error.code !== 'email_exists') throw upstream(error, () => new ValidationError('validation_failed', { fields: { email: [error.message] } }));
    }
    await this.clearFailures(email, 'signup');
  }

  async verifyEmail(email: string, code: string): Promise<AuthSession> {
    const address = normalizeEmail(email);
    await this.assertAttemptsLeft(address, 'signup');
    const { data, error } = await this.client().verifyOtp({ email: address, token: code, type: 'email' });
    if (error || !data.session) {
      if (error) {
        const mapped = upstream(error, () => new ValidationError('invalid_code'));
        if (mapped.code !== 'invalid_code') throw mapped;
      }
      await this.addFailure(address, 'signup');
      throw new ValidationError('invalid_code');
    }
    await this.clearFailures(address, 'signup');
    return toSession(data.session);
  }

  async resendCode(email: string, _lang: Lang): Promise<void> {
    const address = normalizeEmail(email);
    const { error } = await this.client().resend({ type: 'signup', email: address });
    if (error && ((error as { status?: number }).status ?? 0) === 429) throw upstream(error, () => new RateLimitedError('rate_limited'));
    await this.clearFailures(address, 'signup');
  }

  async login(email: string, password: string): Promise<AuthSession> {
    const { data, error } = await this.client().signInWithPassword({ email: normalizeEmail(email), password });
    if (error || !data.session) {
      if (error?.code === 'email_not_confirmed' || /not confirmed/i.test(error?.message ?? '')) throw new ForbiddenError('email_not_verified');
      throw error ? upstream(error, () => new UnauthenticatedError('invalid_credentials')) : new UnauthenticatedError('invalid_credentials');
    }
    return toSession(data.session);
  }

  async refresh(refreshToken: string): Promise<AuthSession> {
    const { data, error } = await this.client().refreshSession({ refresh_token: refreshToken });
    if (error || !data.session) throw error ? upstream(error, () => new UnauthenticatedError('invalid_refresh_token')) : new UnauthenticatedError('invalid_refresh_token');
    return toSession(data.session);
  }

  async logout(input: { accessToken?: string; refreshToken?: string }): Promise<void> {
    let accessToken = input.accessToken && (await this.verifyAccessToken(input.accessToken)) ? input.accessToken : undefined;
    if (!accessToken && input.refreshToken) {
      const { data } = await this.client().refreshSession({ refresh_token: input.refreshToken });
      accessToken = data.session?.access_token;
    }
    if (accessToken) await this.admin.admin.signOut(accessToken, 'local');
  }

  async forgotPassword(email: string, _lang: Lang): Promise<void> {
    const address = normalizeEmail(email);
    const { error } = await this.client().resetPasswordForEmail(address);
    const status = error ? ((error as { status?: number }).status ?? 0) : 0;
    if (error && status === 429) throw upstream(error, () => new RateLimitedError('rate_limited'));
    if (error) {
      // The caller gets the same 200 as on success (no account enumeration); the operator sees why no mail left.
      this.config.logger?.error(
        { event: 'forgot_password_failed', authStatus: status, authCode: error.code ?? null, emailSha256: (await sha256Hex(address)).slice(0, 16), err: error.message },
        'Supabase Auth refused a password-reset mail',
      );
    }
    await this.clearFailures(address, 'recovery');
  }

  async verifyResetCode(email: string, code: string): Promise<void> {
    const address = normalizeEmail(email);
    if (await this.takeGrant(address, code, false)) return;
    const session = await this.verifyRecovery(address, code);
    // Supabase used the code up: remember for a while that this address proved it, for reset-password.
    await this.sql`
      insert into private.auth_reset_grants (email_hash, code_hash, user_id, expires_at)
      values (${await sha256Hex(address)}, ${await this.grantHash(address, code)}, ${session.user.id}, now() + make_interval(secs => ${this.grantTtl}))
      on conflict (email_hash) do update set code_hash = excluded.code_hash, user_id = excluded.user_id, expires_at = excluded.expires_at`;
    await this.admin.admin.signOut(session.access_token, 'local');
  }

  async resetPassword(email: string, code: string, newPassword: string): Promise<void> {
    const address = normalizeEmail(email);
    let userId = await this.takeGrant(address, code, true);
    if (!userId) {
      const session = await this.verifyRecovery(address, code);
      userId = session.user.id;
      await this.admin.admin.signOut(session.access_token, 'local');
    }
    const { error } = await this.admin.admin.updateUserById(userId, { password: newPassword });
    if (error) throw upstream(error, () => new ValidationError('validation_failed', { fields: { newPassword: [error.message] } }));
    await this.signOutEverywhere(address, newPassword);
  }

  async changePassword(user: { id: string; email: string; accessToken: string }, currentPassword: string, newPassword: string): Promise<void> {
    const { data, error } = await this.client().signInWithPassword({ email: user.email, password: currentPassword });
    if (error || !data.session) {
      if (error && ((error as { status?: number }).status ?? 400) !== 400) throw upstream(error, () => new ValidationError('current_password_incorrect'));
      throw new ValidationError('current_password_incorrect', { fields: { currentPassword: [SERVER_FIELD_MESSAGES.currentPasswordIncorrect] } });
    }
    await this.admin.admin.signOut(data.session.access_token, 'local');
    if (currentPassword === newPassword) {
      throw new ValidationError('same_password', { fields: { newPassword: [SERVER_FIELD_MESSAGES.samePassword] } });
    }
    const updated = await this.admin.admin.updateUserById(user.id, { password: newPassword });
    if (updated.error) throw upstream(updated.error, () => new ValidationError('validation_failed', { fields: { newPassword: [updated.error!.message] } }));
    if (user.accessToken) await this.admin.admin.signOut(user.accessToken, 'others');
  }

  async getUser(userId: string): Promise<AuthUser | null> {
    if (!UUID.test(userId)) return null;
    const { data, error } = await this.admin.admin.getUserById(userId);
    if (error) {
      if (error.status === 404 || error.code === 'user_not_found') return null;
      throw upstream(error, () => new NotFoundError('not_found'));
    }
    return data.user ? toUser(data.user) : null;
  }

  async updateName(userId: string, name: string): Promise<AuthUser | null> {
    if (!UUID.test(userId)) return null;
    const { data, error } = await this.admin.admin.updateUserById(userId, { user_metadata: { name } });
    if (error) {
      if (error.status === 404) return null;
      throw upstream(error, () => new NotFoundError('not_found'));
    }
    return toUser(data.user);
  }

  async setAdminRole(userId: string, isAdmin: boolean): Promise<void> {
    if (!UUID.test(userId)) throw new NotFoundError('not_found');
    const { error } = await this.admin.admin.updateUserById(userId, { app_metadata: { role: isAdmin ? 'admin' : null } });
    if (error) throw upstream(error, () => new NotFoundError('not_found'));
  }

  async createAdmin(input: { email: string; password: string; name?: string }): Promise<{ user: AuthUser; created: boolean }> {
    const email = normalizeEmail(input.email);
    const created = await this.admin.admin.createUser({
      email, password: input.password, email_confirm: true, app_metadata: { role: 'admin' }, user_metadata: { name: input.name ?? 'Administrator' },
    });
    if (!created.error) return { user: toUser(created.data.user), created: true };
    if (created.error.code !== 'email_exists' && created.error.status !== 422) throw upstream(created.error, () => new ValidationError('validation_failed'));
    const existing = await this.findUserByEmail(email);
    if (!existing) throw new ConflictError('conflict');
    const updated = await this.admin.admin.updateUserById(existing.id, {
      password: input.password, email_confirm: true, app_metadata: { role: 'admin' }, ...(input.name ? { user_metadata: { name: input.name } } : {}),
    });
    if (updated.error) throw upstream(updated.error, () => new ValidationError('validation_failed'));
    return { user: toUser(updated.data.user), created: false };
  }

  // ---- internals ----

  private async findUserByEmail(email: string): Promise<User | null> {
    for (let page = 1; page <= 1000; page++) {
      const { data, error } = await this.admin.admin.listUsers({ page, perPage: 1000 });
      if (error) throw upstream(error, () => new UnavailableError('auth_unavailable'));
      const found = data.users.find((u: User) => normalizeEmail(u.email ?? '') === email);
      if (found) return found;
      if (data.users.length < 1000) return null;
    }
    return null;
  }

  private async verifyRecovery(address: string, code: string): Promise<Session> {
    await this.assertAttemptsLeft(address, 'recovery');
    const { data, error } = await this.client().verifyOtp({ email: address, token: code, type: 'recovery' });
    if (error || !data.session) {
      if (error) {
        const mapped = upstream(error, () => new ValidationError('invalid_code'));
        if (mapped.code !== 'invalid_code') throw mapped;
      }
      await this.addFailure(address, 'recovery');
      throw new ValidationError('invalid_code');
    }
    await this.clearFailures(address, 'recovery');
    return data.session;
  }

  /** Ends every session of the user: sign in with the new password, then sign out globally. */
  private async signOutEverywhere(email: string, password: string): Promise<void> {
    const { data } = await this.client().signInWithPassword({ email, password });
    if (data.session) await this.admin.admin.signOut(data.session.access_token, 'global');
  }

  private grantHash(address: string, code: string): Promise<string> {
    return hmacSha256Hex(this.config.serviceRoleKey, `recovery:${address}:${code}`);
  }

  /** The user id of a live reset grant for (address, code); `consume` deletes it. */
  private async takeGrant(address: string, code: string, consume: boolean): Promise<string | null> {
    const emailHash = await sha256Hex(address);
    const codeHash = await this.grantHash(address, code);
    const rows = consume
      ? await this.sql<{ user_id: string }[]>`
          delete from private.auth_reset_grants where email_hash = ${emailHash} and code_hash = ${codeHash} and expires_at > now() returning user_id`
      : await this.sql<{ user_id: string }[]>`
          select user_id from private.auth_reset_grants where email_hash = ${emailHash} and code_hash = ${codeHash} and expires_at > now()`;
    return rows[0]?.user_id ?? null;
  }

  private async assertAttemptsLeft(address: string, purpose: Purpose): Promise<void> {
    const [row] = await this.sql<{ failures: number }[]>`
      select failures from private.auth_code_failures
      where email_hash = ${await sha256Hex(address)} and purpose = ${purpose} and updated_at > now() - make_interval(secs => ${this.codeTtl})`;
    if ((row?.failures ?? 0) >= this.maxAttempts) throw new ValidationError('code_attempts_exceeded');
  }

  private async addFailure(address: string, purpose: Purpose): Promise<void> {
    await this.sql`
      insert into private.auth_code_failures as f (email_hash, purpose, failures) values (${await sha256Hex(address)}, ${purpose}, 1)
      on conflict (email_hash, purpose) do update set
        failures = case when f.updated_at <= now() - make_interval(secs => ${this.codeTtl}) then 1 else f.failures + 1 end,
        updated_at = now()`;
  }

  private async clearFailures(address: string, purpose: Purpose): Promise<void> {
    await this.sql`delete from private.auth_code_failures where email_hash = ${await sha256Hex(address)} and purpose = ${purpose}`;
  }
}
