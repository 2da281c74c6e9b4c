import bcrypt from 'bcryptjs';
import type { Sql } from 'postgres';
import type { JwtClaims } from '../db/client.ts';
import { ForbiddenError, NotFoundError, SERVER_FIELD_MESSAGES, UnauthenticatedError, ValidationError } from '../domain-errors.ts';
import type { Lang } from '../message-catalogue.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { AuthMailKind } from '../mail/templates.ts';
import * as q from '../queries/local-auth-queries.ts';
import type { CodeType, OwnerDb, UserRow } from '../queries/local-auth-queries.ts';
import { hmacSha256Hex, randomSixDigitCode, randomToken, sha256Hex, timingSafeEqualText } from './crypto.ts';
import { normalizeEmail, type AuthProvider, type AuthSession, type AuthUser } from './auth-provider.ts';
import { ACCESS_TOKEN_TTL_SECONDS, hs256Verifier, signAccessToken } from './tokens.ts';

export interface LocalAuthConfig {
  /** Owner connection (auth.* tables are not reachable as anon/authenticated). */
  sql: Sql;
  /** HS256 secret of access tokens (≥ 32 characters); also keys the code hashes. */
  jwtSecret: string;
  mailer: Mailer;
  /** bcrypt cost factor; default 10 (GoTrue's). Tests may lower it. */
  bcryptCost?: number;
  /** Lifetime of sign-up and reset codes, seconds (default 3600). */
  codeTtlSeconds?: number;
  /** Wrong guesses allowed per code before it is burned (default 5). */
  maxCodeAttempts?: number;
  accessTokenTtlSeconds?: number;
  /** Session lifetime, seconds (default 30 days); admin sign-in without `remember`: `shortSessionTtlSeconds` (12 h). */
  sessionTtlSeconds?: number;
  shortSessionTtlSeconds?: number;
  /**
   * A rotated refresh token presented again within this many seconds (two tabs refreshing at once)
   * gets a fresh token instead of revoking the session (GoTrue's refresh_token_reuse_interval; default 10).
   */
  refreshReuseIntervalSeconds?: number;
  /** Where delivery failures are reported (mails are sent in the background). */
  log?: (message: string, error?: unknown) => void;
}

type CodeCheck = { status: 'ok'; userId: string } | { status: 'invalid' | 'exhausted' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const APP_META = { provider: 'email', providers: ['email'] };

function toUser(row: UserRow): AuthUser {
  const name = row.raw_user_meta_data?.name;
  return {
    id: row.id,
    email: row.email,
    name: typeof name === 'string' ? name : '',
    isAdmin: row.raw_app_meta_data?.role === 'admin',
    emailConfirmed: row.email_confirmed_at !== null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

function isUsable(row: UserRow): boolean {
  return !row.deleted_at && !(row.banned_until && row.banned_until.getTime() > Date.now());
}

const invalidCredentials = () => new UnauthenticatedError('invalid_credentials');
const invalidRefresh = () => new UnauthenticatedError('invalid_refresh_token');

/**
 * Accounts on the embedded stack, stored like GoTrue stores them: users in auth.users (bcrypt in
 * encrypted_password, name in raw_user_meta_data, role in raw_app_meta_data), sessions in
 * auth.sessions, rotating refresh tokens (SHA-256 hashed) in auth.refresh_tokens, 6-digit codes
 * (HMAC-SHA-256 hashed, 1 hour, 5 attempts, single use) in auth.one_time_tokens. Access tokens are
 * HS256 JWTs with GoTrue's claims plus session_id. The statements are in queries/local-auth-queries.ts; this
 * class hashes, checks, signs, and decides what runs in one transaction.
 */
export class LocalAuthProvider implements AuthProvider {
  readonly kind = 'local' as const;
  private readonly sql: Sql;
  private readonly cost: number;
  private readonly codeTtl: number;
  private readonly maxAttempts: number;
  private readonly accessTtl: number;
  private readonly sessionTtl: number;
  private readonly shortSessionTtl: number;
  private readonly reuseInterval: number;
  private readonly verifier;
  private readonly dummyHash: Promise<string>;
  private readonly pending = new Set<Promise<void>>();
  private readonly log: (message: string, error?: unknown) => void;

  constructor(private readonly config: LocalAuthConfig) {
    if (config.jwtSecret.length < 32) throw new Error('LocalAuthProvider: jwtSecret must have at least 32 characters');
    this.sql = config.sql;
    this.cost = config.bcryptCost ?? 10;
    this.codeTtl = config.codeTtlSeconds ?? 3600;
    this.maxAttempts = config.maxCodeAttempts ?? 5;
    this.accessTtl = config.accessTokenTtlSeconds ?? ACCESS_TOKEN_TTL_SECONDS;
    this.sessionTtl = config.sessionTtlSeconds ?? 30 * 24 * 3600;
    this.shortSessionTtl = config.shortSessionTtlSeconds ?? 12 * 3600;
    this.reuseInterval = config.refreshReuseIntervalSeconds ?? 10;
    this.verifier = hs256Verifier(config.jwtSecret);
    this.log = config.log ?? ((message, error) => console.error(`[auth] ${message}`, error ?? ''));
    // Unknown addresses are compared against this hash so they cost the same bcrypt time.
    this.dummyHash = bcrypt.hash(randomToken(), this.cost);
  }

  verifyAccessToken(token: string): Promise<JwtClaims | null> {
    return this.verifier.verifyAccessToken(token);
  }

  async register(input: { email: string; password: string; name: string }, lang: Lang): Promise<void> {
    const email = normalizeEmail(input.email);
    const hash = await bcrypt.hash(input.password, this.cost);
    for (let attempt = 0; ; attempt++) {
      try {
        const outcome = await this.sql.begin(async (tx) => {
          const row = await q.lockUserByEmail(tx, email);
          if (row?.email_confirmed_at) return { kind: 'exists' as const };
          let userId: string;
          if (!row) {
            userId = await q.insertUnconfirmedUser(tx, { email, passwordHash: hash, appMeta: APP_META, userMeta: { name: input.name, locale: lang } });
          } else {
            userId = row.id;
            await q.renewUnconfirmedUser(tx, userId, { passwordHash: hash, name: input.name, locale: lang });
          }
          const code = await this.issueCode(tx, userId, 'confirmation_token', email);
          return { kind: 'code' as const, code };
        });
        if (outcome.kind === 'exists') this.deliver(email, 'account-exists', lang);
        else this.deliver(email, 'signup-code', lang, outcome.code);
        return;
      } catch (error) {
        // Two sign-ups for one new address at once: the loser retries as "already exists".
        if ((error as { code?: string }).code === '23505' && attempt === 0) continue;
        throw error;
      }
    }
  }

  async verifyEmail(email: string, code: string): Promise<AuthSession> {
    const address = normalizeEmail(email);
    const check = await this.sql.begin(async (tx) => {
      const result = await this.checkCode(tx, address, 'confirmation_token', code, true);
      if (result.status === 'ok') await q.confirmEmail(tx, result.userId);
      return result;
    });
    const userId = this.codeResult(check);
    const row = await this.userRow(userId);
    if (!row) throw new ValidationError('invalid_code');
    return this.createSession(toUser(row), this.sessionTtl);
  }

  async resendCode(email: string, lang: Lang): Promise<void> {
    const address = normalizeEmail(email);
    const code = await this.sql.begin(async (tx) => {
      const row = await q.lockUserByEmail(tx, address);
      if (!row || row.email_confirmed_at) {
        await hmacSha256Hex(this.config.jwtSecret, address); // keep the work comparable
        return null;
      }
      await q.markConfirmationSent(tx, row.id);
      return this.issueCode(tx, row.id, 'confirmation_token', address);
    });
    if (code) this.deliver(address, 'signup-code', lang, code);
  }

  async login(email: string, password: string, options: { remember?: boolean } = {}): Promise<AuthSession> {
    const address = normalizeEmail(email);
    const row = await this.userByEmail(address);
    const ok = await bcrypt.compare(password, row?.encrypted_password || (await this.dummyHash));
    if (!row || !row.encrypted_password || !ok || !isUsable(row)) throw invalidCredentials();
    if (!row.email_confirmed_at) throw new ForbiddenError('email_not_verified');
    await q.markSignedIn(this.sql, row.id);
    return this.createSession(toUser(row), options.remember === false ? this.shortSessionTtl : this.sessionTtl);
  }

  async refresh(refreshToken: string): Promise<AuthSession> {
    const hash = await sha256Hex(refreshToken);
    const newToken = randomToken();
    const newHash = await sha256Hex(newToken);
    const outcome = await this.sql.begin(async (tx) => {
      const row = await q.lockRefreshToken(tx, hash);
      if (!row) return { kind: 'invalid' as const };
      if (row.not_after && row.not_after.getTime() <= Date.now()) {
        await q.deleteSession(tx, row.session_id);
        return { kind: 'invalid' as const };
      }
      if (row.revoked && Date.now() - row.updated_at.getTime() >= this.reuseInterval * 1000) {
        // Reuse of a rotated token: someone else may hold the family. End the whole session.
        await q.deleteSession(tx, row.session_id);
        return { kind: 'reused' as const };
      }
      await q.rotateRefreshToken(tx, { tokenId: row.id, tokenHash: hash, newHash, sessionId: row.session_id, userId: row.user_id, wholeFamily: row.revoked });
      const user = await q.userById(tx, row.user_id);
      if (!user || !isUsable(user) || !user.email_confirmed_at) {
        await q.deleteSession(tx, row.session_id);
        return { kind: 'invalid' as const };
      }
      return { kind: 'ok' as const, user: toUser(user), sessionId: row.session_id };
    });
    if (outcome.kind !== 'ok') throw invalidRefresh();
    const { token, expiresAt } = await this.sign(outcome.user, outcome.sessionId);
    return { token, refreshToken: newToken, expiresAt, user: outcome.user };
  }

  async logout(input: { accessToken?: string; refreshToken?: string }): Promise<void> {
    if (input.accessToken) {
      const claims = await this.verifyAccessToken(input.accessToken);
      const sessionId = claims?.session_id;
      if (typeof sessionId === 'string' && UUID.test(sessionId) && claims?.sub) {
        await q.deleteSession(this.sql, sessionId, claims.sub);
      }
    }
    if (input.refreshToken) {
      const hash = await sha256Hex(input.refreshToken);
      await q.deleteSessionOfRefreshToken(this.sql, hash);
    }
  }

  async forgotPassword(email: string, lang: Lang): Promise<void> {
    const address = normalizeEmail(email);
    const code = await this.sql.begin(async (tx) => {
      const row = await q.lockUserByEmail(tx, address);
      if (!row || !row.email_confirmed_at || !isUsable(row)) {
        await hmacSha256Hex(this.config.jwtSecret, address);
        return null;
      }
      await q.markRecoverySent(tx, row.id);
      return this.issueCode(tx, row.id, 'recovery_token', address);
    });
    if (code) this.deliver(address, 'reset-code', lang, code);
  }

  async verifyResetCode(email: string, code: string): Promise<void> {
    const check = await this.sql.begin((tx) => this.checkCode(tx, normalizeEmail(email), 'recovery_token', code, false));
    this.codeResult(check);
  }

  async resetPassword(email: string, code: string, newPassword: string): Promise<void> {
    const hash = await bcrypt.hash(newPassword, this.cost);
    const check = await this.sql.begin(async (tx) => {
      const result = await this.checkCode(tx, normalizeEmail(email), 'recovery_token', code, true);
      if (result.status === 'ok') {
        await q.setPasswordHash(tx, result.userId, hash);
        await q.deleteUserSessions(tx, result.userId);
      }
      return result;
    });
    this.codeResult(check);
  }

  async changePassword(user: { id: string; email: string; accessToken: string }, currentPassword: string, newPassword: string): Promise<void> {
    const row = await this.userRow(user.id);
    const ok = await bcrypt.compare(currentPassword, row?.encrypted_password || (await this.dummyHash));
    if (!row || !row.encrypted_password || !isUsable(row)) throw new UnauthenticatedError('unauthorized');
    if (!ok) throw new ValidationError('current_password_incorrect', { fields: { currentPassword: [SERVER_FIELD_MESSAGES.currentPasswordIncorrect] } });
    if (await bcrypt.compare(newPassword, row.encrypted_password)) {
      throw new ValidationError('same_password', { fields: { newPassword: [SERVER_FIELD_MESSAGES.samePassword] } });
    }
    const hash = await bcrypt.hash(newPassword, this.cost);
    const claims = await this.verifyAccessToken(user.accessToken);
    const keep = typeof claims?.session_id === 'string' && UUID.test(claims.session_id) ? claims.session_id : null;
    await this.sql.begin(async (tx) => {
      await q.setPasswordHash(tx, row.id, hash);
      await q.deleteUserSessions(tx, row.id, keep);
    });
  }

  async getUser(userId: string): Promise<AuthUser | null> {
    const row = await this.userRow(userId);
    return row ? toUser(row) : null;
  }

  async updateName(userId: string, name: string): Promise<AuthUser | null> {
    if (!UUID.test(userId)) return null;
    const row = await q.setUserName(this.sql, userId, name);
    return row ? toUser(row) : null;
  }

  async setAdminRole(userId: string, isAdmin: boolean): Promise<void> {
    if (!UUID.test(userId)) throw new NotFoundError('not_found');
    if (!await q.setAdminRole(this.sql, userId, isAdmin)) throw new NotFoundError('not_found');
  }

  async createAdmin(input: { email: string; password: string; name?: string }): Promise<{ user: AuthUser; created: boolean }> {
    const email = normalizeEmail(input.email);
    const hash = await bcrypt.hash(input.password, this.cost);
    const appMeta = { ...APP_META, role: 'admin' };
    return this.sql.begin(async (tx) => {
      const existing = await q.lockUserByEmail(tx, email);
      if (existing) {
        const row = await q.promoteToAdmin(tx, existing.id, { passwordHash: hash, appMeta, name: input.name ?? null });
        return { user: toUser(row), created: false };
      }
      const row = await q.insertAdmin(tx, { email, passwordHash: hash, appMeta, name: input.name ?? 'Administrator' });
      return { user: toUser(row), created: true };
    });
  }

  /** Waits for mails still being sent, then closes the mail transport. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.pending]);
    this.config.mailer.close();
  }

  // ---- internals ----

  private userByEmail(email: string): Promise<UserRow | undefined> {
    return q.userByEmail(this.sql, email);
  }

  private async userRow(userId: string): Promise<UserRow | undefined> {
    if (!UUID.test(userId)) return undefined;
    return q.userById(this.sql, userId);
  }

  private codeHash(userId: string, type: CodeType, code: string): Promise<string> {
    return hmacSha256Hex(this.config.jwtSecret, `${type}:${userId}:${code}`);
  }

  /** Stores a fresh code for (user, type), replacing any earlier one; returns the code in clear. */
  private async issueCode(tx: OwnerDb, userId: string, type: CodeType, email: string): Promise<string> {
    const code = randomSixDigitCode();
    const hash = await this.codeHash(userId, type, code);
    await q.upsertCode(tx, { userId, type, hash, email });
    return code;
  }

  /**
   * Checks `code` for the address inside `tx`: a wrong guess counts an attempt (committed by the
   * caller's transaction even though the check fails); `consume` deletes the code when it matches.
   */
  private async checkCode(tx: OwnerDb, email: string, type: CodeType, code: string, consume: boolean): Promise<CodeCheck> {
    const user = await q.codeUser(tx, email);
    const token = user ? await q.lockCode(tx, user.id, type) : undefined;
    const candidate = await this.codeHash(user?.id ?? '00000000-0000-0000-0000-000000000000', type, code);
    if (!user || !token) return { status: 'invalid' };
    if (token.attempts >= this.maxAttempts) return { status: 'exhausted' };
    if (token.created_at.getTime() + this.codeTtl * 1000 <= Date.now()) {
      await q.deleteCode(tx, token.id);
      return { status: 'invalid' };
    }
    if (!timingSafeEqualText(candidate, token.token_hash)) {
      await q.countCodeAttempt(tx, token.id);
      return { status: 'invalid' };
    }
    if (consume) await q.deleteCode(tx, token.id);
    return { status: 'ok', userId: user.id };
  }

  private codeResult(check: CodeCheck): string {
    if (check.status === 'ok') return check.userId;
    if (check.status === 'exhausted') throw new ValidationError('code_attempts_exceeded');
    throw new ValidationError('invalid_code');
  }

  private sign(user: AuthUser, sessionId: string) {
    return signAccessToken(
      { id: user.id, email: user.email, appMetadata: user.isAdmin ? { ...APP_META, role: 'admin' } : APP_META, userMetadata: { name: user.name } },
      this.config.jwtSecret,
      this.accessTtl,
      { session_id: sessionId, is_anonymous: false, aal: 'aal1' },
    );
  }

  private async createSession(user: AuthUser, ttlSeconds: number): Promise<AuthSession> {
    const refreshToken = randomToken();
    const hash = await sha256Hex(refreshToken);
    const sessionId = await this.sql.begin((tx) => q.insertSession(tx, user.id, ttlSeconds, hash));
    const { token, expiresAt } = await this.sign(user, sessionId);
    return { token, refreshToken, expiresAt, user };
  }

  /** Sends a mail in the background (the answer must not wait on SMTP nor reveal whether one was sent). */
  private deliver(to: string, kind: AuthMailKind, lang: Lang, code?: string): void {
    const job = (async () => {
      const settings = await q.siteNamesForMail(this.sql);
      const siteName = (lang === 'ar' ? settings?.site_name_ar?.trim() : '') || settings?.site_name?.trim() || 'Dalil';
      await this.config.mailer.sendAuthMail({ to, kind, lang, siteName, code });
    })()
      .catch((error) => this.log(`could not send the ${kind} mail`, error))
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }
}
