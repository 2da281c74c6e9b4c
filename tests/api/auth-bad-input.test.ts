import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_JWT_SECRET, ownerSql } from '../helpers/api.ts';
import { authApp, bearer, call, uniqueEmail } from '../helpers/auth.ts';
import { latestCode } from '../helpers/mailbox.ts';

const sql = ownerSql();
const { app, auth } = authApp(sql);
afterAll(async () => {
  await auth.close();
  await sql.end();
});

async function verifiedUser() {
  const email = uniqueEmail('bad');
  await call(app, 'POST', '/public/auth/register', { email, password: 'secret-1', name: 'Bad Input' });
  const code = await latestCode(email);
  const verified = await call(app, 'POST', '/public/auth/verify-email', { email, code });
  return { email, session: verified.body.data };
}

/** Accounts with these e-mails (other test files create users in parallel: only ours are counted). */
async function usersWith(emails: string[]) {
  const [{ n }] = await sql`select count(*)::int as n from auth.users where lower(email) = any(${emails.map((e) => e.toLowerCase())})`;
  return n as number;
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('malformed requests get a clear 4xx and change nothing', () => {
  it('malformed JSON, wrong content type, empty body', async () => {
    expect(await usersWith(['a@b.test'])).toBe(0);
    const cases: [string, string, Record<string, string>?][] = [
      ['/public/auth/register', '{"email": "a@b.test", '],
      ['/public/auth/login', 'not json at all'],
      ['/public/auth/verify-email', '[1,2'],
    ];
    for (const [path, raw] of cases) {
      const r = await call(app, 'POST', path, raw);
      expect(r.status, path).toBe(400);
      expect(r.body.success).toBe(false);
      expect(r.body.error.code).toBe('invalid_json');
    }
    const empty = await call(app, 'POST', '/public/auth/login', '');
    expect(empty.status).toBe(400);
    const form = await call(app, 'POST', '/public/auth/login', 'email=a@b.test&password=secret-1', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    expect(form.body.error.code).toBe('unsupported_media_type');
    expect(await usersWith(['a@b.test'])).toBe(0);
  });

  it('missing fields and wrong types name each field with the spec messages', async () => {
    const missing = await call(app, 'POST', '/public/auth/register', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('validation_failed');
    expect(missing.body.error.fields).toEqual({
      email: ['Email is required'],
      password: ['All fields are required'],
      name: ['Name is required'],
    });
    const types = await call(app, 'POST', '/public/auth/login', { email: 42, password: ['x'] });
    expect(types.status).toBe(400);
    expect(types.body.error.fields.email).toEqual(['Please enter a valid email address']);
    expect(types.body.error.fields.password).toEqual(['Use at least 6 characters']);
    const bad = await call(app, 'POST', '/public/auth/login', { email: 'not-an-email', password: '12345' });
    expect(bad.body.error.fields).toEqual({ email: ['Please enter a valid email address'], password: ['Use at least 6 characters'] });
    const code = await call(app, 'POST', '/public/auth/verify-email', { email: uniqueEmail(), code: '12ab56' });
    expect(code.body.error.fields.code).toEqual(['Enter the 6-digit code']);
    const admin = await call(app, 'POST', '/admin/auth/login', { email: uniqueEmail(), password: 'secret-1', remember: 'yes' });
    expect(admin.status).toBe(400);
    expect(Object.keys(admin.body.error.fields)).toEqual(['remember']);
  });

  it('overlong strings are refused before any work', async () => {
    const longEmail = `${'a'.repeat(250)}@example.test`;
    const arabicEmail = uniqueEmail();
    const long = await call(app, 'POST', '/public/auth/register', { email: longEmail, password: 'p'.repeat(73), name: 'n'.repeat(101) });
    expect(long.status).toBe(400);
    expect(Object.keys(long.body.error.fields).sort()).toEqual(['email', 'name', 'password']);
    // 40 Arabic letters = 80 UTF-8 bytes: over bcrypt's 72-byte limit
    const arabic = await call(app, 'POST', '/public/auth/register', { email: arabicEmail, password: 'س'.repeat(40), name: 'x' });
    expect(arabic.status).toBe(400);
    expect(arabic.body.error.fields.password[0]).toMatch(/at most 72 English or 36 Arabic characters/);
    const huge = await call(app, 'POST', '/public/auth/login', JSON.stringify({ email: 'a@b.test', password: 'secret-1', pad: 'x'.repeat(70 * 1024) }));
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('payload_too_large');
    const refresh = await call(app, 'POST', '/public/auth/refresh', { refreshToken: 'r'.repeat(300) });
    expect(refresh.status).toBe(400);
    expect(await usersWith([longEmail, arabicEmail, 'a@b.test'])).toBe(0);
  });
});

describe('codes: wrong, expired, burned after 5 attempts, single use', () => {
  it('burns the code after 5 wrong guesses, even for the right code; a new code works', async () => {
    const email = uniqueEmail('guess');
    await call(app, 'POST', '/public/auth/register', { email, password: 'secret-1', name: 'Guess' });
    const code = await latestCode(email);
    const wrong = code === '999999' ? '000000' : String(Number(code) + 1).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      const r = await call(app, 'POST', '/public/auth/verify-email', { email, code: wrong });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('invalid_code');
    }
    const right = await call(app, 'POST', '/public/auth/verify-email', { email, code });
    expect(right.status).toBe(400);
    expect(right.body.error.code).toBe('code_attempts_exceeded');
    const [user] = await sql`select email_confirmed_at from auth.users where email = ${email}`;
    expect(user!.email_confirmed_at).toBeNull();

    await call(app, 'POST', '/public/auth/resend-code', { email });
    const fresh = await latestCode(email, 'signup-code', { count: 2 });
    expect((await call(app, 'POST', '/public/auth/verify-email', { email, code: fresh })).status).toBe(200);
  });

  it('an expired code is refused and removed', async () => {
    const email = uniqueEmail('late');
    await call(app, 'POST', '/public/auth/register', { email, password: 'secret-1', name: 'Late' });
    const code = await latestCode(email);
    await sql`update auth.one_time_tokens set created_at = now() - interval '61 minutes'
              where user_id = (select id from auth.users where email = ${email})`;
    const r = await call(app, 'POST', '/public/auth/verify-email', { email, code });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('invalid_code');
    const [{ n }] = await sql`select count(*)::int as n from auth.one_time_tokens o join auth.users u on u.id = o.user_id where u.email = ${email}`;
    expect(n).toBe(0);
  });

  it('a sign-up code does not reset a password, nor a reset code confirm a sign-up', async () => {
    const { email } = await verifiedUser();
    const signupCode = await latestCode(email);
    const r = await call(app, 'POST', '/public/auth/reset-password', { email, code: signupCode, newPassword: 'hijacked' });
    expect(r.status).toBe(400);
    expect((await call(app, 'POST', '/public/auth/login', { email, password: 'secret-1' })).status).toBe(200);
  });
});

describe('tokens: pinned algorithm, expiry, signature', () => {
  it('tampered, alg:none, wrong-secret, expired and malformed tokens all get 401', async () => {
    const { session } = await verifiedUser();
    const [h, p, s] = session.token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const now = Math.floor(Date.now() / 1000);
    const tampered = `${h}.${b64({ ...claims, app_metadata: { role: 'admin' } })}.${s}`;
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, app_metadata: { role: 'admin' } })}.`;
    const wrongKey = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('another-secret-another-secret-0123456789'));
    const expired = await new SignJWT({ ...claims, iat: now - 7200, exp: now - 3600 }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const hs512 = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS512' }).sign(new TextEncoder().encode(TEST_JWT_SECRET));
    for (const [label, token] of Object.entries({ tampered, none, wrongKey, expired, hs512, garbage: 'a.b.c', empty: '' })) {
      const r = await call(app, 'GET', '/public/auth/profile', undefined, bearer(token));
      expect(r.status, label).toBe(401);
      expect(r.body.error.code, label).toBe('unauthorized');
      const admin = await call(app, 'GET', '/admin/auth/verify', undefined, bearer(token));
      expect(admin.status, label).toBe(401);
    }
    // the genuine token still works
    expect((await call(app, 'GET', '/public/auth/profile', undefined, bearer(session.token))).status).toBe(200);
  });

  it('a bad token on change-password changes nothing', async () => {
    const { email, session } = await verifiedUser();
    const [h, p] = session.token.split('.');
    const r = await call(app, 'PUT', '/public/auth/change-password', { currentPassword: 'secret-1', newPassword: 'new-secret' }, bearer(`${h}.${p}.forged`));
    expect(r.status).toBe(401);
    expect((await call(app, 'POST', '/public/auth/login', { email, password: 'secret-1' })).status).toBe(200);
  });

  it('an unknown or garbage refresh token gets 401 invalid_refresh_token', async () => {
    for (const refreshToken of ['x', 'a'.repeat(43), 'not a token at all']) {
      const r = await call(app, 'POST', '/public/auth/refresh', { refreshToken });
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('invalid_refresh_token');
    }
  });

  it('a session past its end cannot be refreshed', async () => {
    const { session } = await verifiedUser();
    await sql`update auth.sessions set not_after = now() - interval '1 second' where user_id = ${session.user.id}`;
    const r = await call(app, 'POST', '/public/auth/refresh', { refreshToken: session.refreshToken });
    expect(r.status).toBe(401);
  });
});
