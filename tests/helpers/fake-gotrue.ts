import { serve, type ServerType } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey, type JWK } from 'jose';
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';

/**
 * A small, honest fake of Supabase Auth (GoTrue) over HTTP, for the SupabaseAuthProvider contract
 * tests. It implements the endpoints supabase-js calls, with GoTrue's documented request and
 * response shapes (errors: `{code, error_code, msg}`), e-mail confirmation on (sign-up answers the
 * user without a session), 6-digit e-mail OTPs valid 1 hour, ES256 access tokens published at
 * /auth/v1/.well-known/jwks.json, rotating refresh tokens with reuse detection (no reuse interval).
 * Like GoTrue, it does NOT burn a code after wrong guesses. Mails are not sent: `codeFor()` reads
 * the code a real mailer would have carried.
 */
export interface FakeGoTrueOptions {
  /**
   * The `iss` of its tokens. Default: its own URL + `/auth/v1`, as hosted Supabase Auth (the
   * project's URL). Under `supabase start` it is the PUBLIC API URL (`http://127.0.0.1:54321/auth/v1`)
   * while functions reach Auth at `http://kong:8000`.
   */
  issuer?: string;
  /**
   * Signing: 'ES256' (asymmetric signing keys, published at /.well-known/jwks.json; the default) or
   * the legacy shared secret (HS256, `{ hs256Secret }`), as projects created before signing keys.
   */
  signing?: 'ES256' | { hs256Secret: string };
}

export interface FakeGoTrue {
  url: string;
  /** The `iss` its tokens carry. */
  issuer: string;
  /** Its public JSON Web Key Set (what Supabase injects as SUPABASE_JWKS on the platform). */
  jwks: { keys: JWK[] };
  anonKey: string;
  serviceRoleKey: string;
  /** The newest code sent to `email` for 'signup' or 'recovery' (throws when none). */
  codeFor(email: string, type: 'signup' | 'recovery', count?: number): string;
  /** Mails "sent": one entry per confirmation or recovery mail. */
  sent: { to: string; type: 'signup' | 'recovery'; token: string; data: Record<string, unknown> }[];
  close(): Promise<void>;
}

interface FakeUser {
  id: string;
  email: string;
  passwordHash: string;
  email_confirmed_at: string | null;
  confirmation_sent_at: string | null;
  recovery_sent_at: string | null;
  last_sign_in_at: string | null;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  otp: Partial<Record<'signup' | 'recovery', { hash: string; at: number }>>;
}

const OTP_TTL_MS = 3600_000;
const ACCESS_TTL = 3600;
const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const now = () => new Date().toISOString();

function gotrueError(c: Context, status: 400 | 401 | 403 | 404 | 422, errorCode: string, msg: string) {
  return c.json({ code: status, error_code: errorCode, msg }, status);
}

function userJson(u: FakeUser) {
  return {
    id: u.id, aud: 'authenticated', role: 'authenticated', email: u.email, email_confirmed_at: u.email_confirmed_at,
    phone: '', confirmation_sent_at: u.confirmation_sent_at, recovery_sent_at: u.recovery_sent_at,
    confirmed_at: u.email_confirmed_at, last_sign_in_at: u.last_sign_in_at,
    app_metadata: u.app_metadata, user_metadata: u.user_metadata,
    identities: [], created_at: u.created_at, updated_at: u.updated_at, is_anonymous: false,
  };
}

/** Merges metadata the way GoTrue does: keys set, `null` values deleted. */
function merge(target: Record<string, unknown>, patch: Record<string, unknown> | undefined) {
  for (const [k, v] of Object.entries(patch ?? {})) {
    if (v === null) delete target[k];
    else target[k] = v;
  }
}

export async function startFakeGoTrue(options: FakeGoTrueOptions = {}): Promise<FakeGoTrue> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = randomUUID();
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] };
  const anonKey = `anon-${randomBytes(16).toString('hex')}`;
  const serviceRoleKey = `service-${randomBytes(16).toString('hex')}`;
  const users = new Map<string, FakeUser>();
  const sessions = new Map<string, { userId: string; revoked: boolean }>();
  const refreshTokens = new Map<string, { sessionId: string; revoked: boolean }>();
  const sent: FakeGoTrue['sent'] = [];
  let issuer = options.issuer ?? '';
  const hs256 = typeof options.signing === 'object' ? new TextEncoder().encode(options.signing.hs256Secret) : undefined;

  const byEmail = (email: string) => [...users.values()].find((u) => u.email === email.trim().toLowerCase());

  function sendOtp(user: FakeUser, type: 'signup' | 'recovery') {
    const token = String(randomInt(0, 1_000_000)).padStart(6, '0');
    user.otp[type] = { hash: sha(token), at: Date.now() };
    if (type === 'signup') user.confirmation_sent_at = now();
    else user.recovery_sent_at = now();
    sent.push({ to: user.email, type, token, data: { ...user.user_metadata } });
  }

  async function issueSession(user: FakeUser, method: string) {
    const sessionId = randomUUID();
    sessions.set(sessionId, { userId: user.id, revoked: false });
    const refresh = randomBytes(12).toString('base64url');
    refreshTokens.set(refresh, { sessionId, revoked: false });
    user.last_sign_in_at = now();
    return sessionJson(user, sessionId, refresh, method);
  }

  async function sessionJson(user: FakeUser, sessionId: string, refresh: string, method: string) {
    const iat = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT({
      email: user.email, phone: '', app_metadata: user.app_metadata, user_metadata: user.user_metadata, role: 'authenticated',
      aal: 'aal1', amr: [{ method, timestamp: iat }], session_id: sessionId, is_anonymous: false,
    })
      .setProtectedHeader(hs256 ? { alg: 'HS256', typ: 'JWT' } : { alg: 'ES256', kid, typ: 'JWT' })
      .setIssuer(issuer).setSubject(user.id).setAudience('authenticated').setIssuedAt(iat).setExpirationTime(iat + ACCESS_TTL);
    const accessToken = hs256 ? await jwt.sign(hs256) : await jwt.sign(privateKey as CryptoKey);
    return { access_token: accessToken, token_type: 'bearer', expires_in: ACCESS_TTL, expires_at: iat + ACCESS_TTL, refresh_token: refresh, user: userJson(user) };
  }

  /** The user and session of a bearer access token, or null (bad signature, expired, session ended). */
  async function fromBearer(c: Context) {
    const token = c.req.header('authorization')?.match(/^Bearer (.+)$/)?.[1];
    if (!token) return null;
    try {
      const verifyOptions = { issuer, audience: 'authenticated' };
      const { payload } = hs256
        ? await jwtVerify(token, hs256, { ...verifyOptions, algorithms: ['HS256'] })
        : await jwtVerify(token, publicKey, { ...verifyOptions, algorithms: ['ES256'] });
      const session = sessions.get(String(payload.session_id));
      const user = users.get(String(payload.sub));
      if (!session || session.revoked || !user) return null;
      return { user, sessionId: String(payload.session_id) };
    } catch {
      return null;
    }
  }

  const checkOtp = (user: FakeUser | undefined, type: 'signup' | 'recovery', token: string) => {
    const otp = user?.otp[type];
    if (!user || !otp || Date.now() - otp.at > OTP_TTL_MS || otp.hash !== sha(String(token))) return false;
    delete user.otp[type]; // used up; wrong guesses leave it alive (as GoTrue does)
    return true;
  };

  const app = new Hono().basePath('/auth/v1');
  app.get('/.well-known/jwks.json', (c) => c.json({ keys: [jwk] })); // public, like Supabase's
  app.use('*', async (c, next) => {
    const key = c.req.header('apikey');
    if (key !== anonKey && key !== serviceRoleKey) return c.json({ message: 'Invalid API key' }, 401);
    c.header('X-Supabase-Api-Version', '2024-01-01');
    await next();
  });
  app.use('/admin/*', async (c, next) => {
    if (c.req.header('authorization') !== `Bearer ${serviceRoleKey}`) return gotrueError(c, 403, 'not_admin', 'User not allowed');
    await next();
  });


  app.post('/signup', async (c) => {
    const body = await c.req.json<{ email?: string; password?: string; data?: Record<string, unknown> }>();
    const email = body.email?.trim().toLowerCase() ?? '';
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) return gotrueError(c, 400, 'validation_failed', 'Unable to validate email address: invalid format');
    if (!body.password || body.password.length < 6) return gotrueError(c, 422, 'weak_password', 'Password should be at least 6 characters.');
    const existing = byEmail(email);
    if (existing?.email_confirmed_at) {
      // GoTrue answers an obfuscated user for a taken, confirmed address and sends nothing.
      return c.json({ ...userJson({ ...existing, id: randomUUID(), user_metadata: {}, app_metadata: {}, created_at: now(), updated_at: now() }) });
    }
    const user: FakeUser = existing ?? {
      id: randomUUID(), email, passwordHash: '', email_confirmed_at: null, confirmation_sent_at: null, recovery_sent_at: null,
      last_sign_in_at: null, app_metadata: { provider: 'email', providers: ['email'] }, user_metadata: {}, created_at: now(), updated_at: now(), otp: {},
    };
    user.passwordHash = sha(body.password);
    merge(user.user_metadata, body.data);
    users.set(user.id, user);
    sendOtp(user, 'signup');
    return c.json(userJson(user));
  });

  app.post('/resend', async (c) => {
    const body = await c.req.json<{ email?: string; type?: string }>();
    if (body.type !== 'signup') return gotrueError(c, 400, 'validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
    const user = byEmail(body.email ?? '');
    if (user && !user.email_confirmed_at) sendOtp(user, 'signup');
    return c.json({});
  });

  app.post('/recover', async (c) => {
    const body = await c.req.json<{ email?: string }>();
    const user = byEmail(body.email ?? '');
    if (user) sendOtp(user, 'recovery');
    return c.json({});
  });

  app.post('/verify', async (c) => {
    const body = await c.req.json<{ email?: string; token?: string; type?: string }>();
    const user = byEmail(body.email ?? '');
    const type = body.type === 'recovery' ? 'recovery' : body.type === 'email' || body.type === 'signup' ? 'signup' : null;
    if (!type) return gotrueError(c, 400, 'validation_failed', 'Verify requires a verification type');
    if (!user || !checkOtp(user, type, body.token ?? '')) return gotrueError(c, 403, 'otp_expired', 'Token has expired or is invalid');
    user.email_confirmed_at ??= now();
    return c.json(await issueSession(user, type === 'recovery' ? 'otp' : 'otp'));
  });

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type');
    const body = await c.req.json<{ email?: string; password?: string; refresh_token?: string }>();
    if (grant === 'password') {
      const user = byEmail(body.email ?? '');
      if (!user || user.passwordHash !== sha(body.password ?? '')) return gotrueError(c, 400, 'invalid_credentials', 'Invalid login credentials');
      if (!user.email_confirmed_at) return gotrueError(c, 400, 'email_not_confirmed', 'Email not confirmed');
      return c.json(await issueSession(user, 'password'));
    }
    if (grant === 'refresh_token') {
      const entry = refreshTokens.get(body.refresh_token ?? '');
      const session = entry && sessions.get(entry.sessionId);
      if (!entry || !session || session.revoked) return gotrueError(c, 400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      if (entry.revoked) {
        session.revoked = true; // reuse detected: the whole session ends
        return gotrueError(c, 400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
      entry.revoked = true;
      const next = randomBytes(12).toString('base64url');
      refreshTokens.set(next, { sessionId: entry.sessionId, revoked: false });
      return c.json(await sessionJson(users.get(session.userId)!, entry.sessionId, next, 'token_refresh'));
    }
    return gotrueError(c, 400, 'validation_failed', 'unsupported_grant_type');
  });

  app.get('/user', async (c) => {
    const who = await fromBearer(c);
    if (!who) return gotrueError(c, 403, 'bad_jwt', 'invalid JWT');
    return c.json(userJson(who.user));
  });

  app.put('/user', async (c) => {
    const who = await fromBearer(c);
    if (!who) return gotrueError(c, 403, 'bad_jwt', 'invalid JWT');
    const body = await c.req.json<{ password?: string; data?: Record<string, unknown> }>();
    if (body.password !== undefined) {
      if (body.password.length < 6) return gotrueError(c, 422, 'weak_password', 'Password should be at least 6 characters.');
      if (sha(body.password) === who.user.passwordHash) return gotrueError(c, 422, 'same_password', 'New password should be different from the old password.');
      who.user.passwordHash = sha(body.password);
    }
    merge(who.user.user_metadata, body.data);
    who.user.updated_at = now();
    return c.json(userJson(who.user));
  });

  app.post('/logout', async (c) => {
    const who = await fromBearer(c);
    if (!who) return gotrueError(c, 403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    const scope = c.req.query('scope') ?? 'global';
    for (const [id, s] of sessions) {
      if (s.userId !== who.user.id) continue;
      if (scope === 'global' || (scope === 'local' && id === who.sessionId) || (scope === 'others' && id !== who.sessionId)) s.revoked = true;
    }
    return c.body(null, 204);
  });

  app.post('/admin/users', async (c) => {
    const body = await c.req.json<{ email?: string; password?: string; email_confirm?: boolean; app_metadata?: Record<string, unknown>; user_metadata?: Record<string, unknown> }>();
    const email = body.email?.trim().toLowerCase() ?? '';
    if (byEmail(email)) return gotrueError(c, 422, 'email_exists', 'A user with this email address has already been registered');
    const user: FakeUser = {
      id: randomUUID(), email, passwordHash: sha(body.password ?? randomUUID()), email_confirmed_at: body.email_confirm ? now() : null,
      confirmation_sent_at: null, recovery_sent_at: null, last_sign_in_at: null,
      app_metadata: { provider: 'email', providers: ['email'] }, user_metadata: {}, created_at: now(), updated_at: now(), otp: {},
    };
    merge(user.app_metadata, body.app_metadata);
    merge(user.user_metadata, body.user_metadata);
    users.set(user.id, user);
    return c.json(userJson(user));
  });

  app.get('/admin/users', (c) => {
    const page = Math.max(1, Number(c.req.query('page') || 1));
    const perPage = Math.max(1, Number(c.req.query('per_page') || 50));
    const all = [...users.values()];
    c.header('X-Total-Count', String(all.length));
    return c.json({ users: all.slice((page - 1) * perPage, page * perPage).map(userJson), aud: 'authenticated' });
  });

  app.get('/admin/users/:id', (c) => {
    const user = users.get(c.req.param('id'));
    return user ? c.json(userJson(user)) : gotrueError(c, 404, 'user_not_found', 'User not found');
  });

  app.put('/admin/users/:id', async (c) => {
    const user = users.get(c.req.param('id'));
    if (!user) return gotrueError(c, 404, 'user_not_found', 'User not found');
    const body = await c.req.json<{ password?: string; email_confirm?: boolean; app_metadata?: Record<string, unknown>; user_metadata?: Record<string, unknown> }>();
    if (body.password !== undefined) user.passwordHash = sha(body.password);
    if (body.email_confirm) user.email_confirmed_at ??= now();
    merge(user.app_metadata, body.app_metadata);
    merge(user.user_metadata, body.user_metadata);
    user.updated_at = now();
    return c.json(userJson(user));
  });

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  issuer ||= `${url}/auth/v1`;

  return {
    url, issuer, anonKey, serviceRoleKey, sent, jwks: { keys: [jwk] },
    codeFor(email, type, count = 1) {
      const mails = sent.filter((m) => m.to === email.trim().toLowerCase() && m.type === type);
      if (mails.length < count) throw new Error(`fake GoTrue sent ${mails.length} ${type} code(s) to ${email}, expected ${count}`);
      return mails[mails.length - 1]!.token;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
