import { afterAll, describe, expect, it } from 'vitest';
import { ownerSql } from '../helpers/api.ts';
import { authApp, bearer, call, uniqueEmail } from '../helpers/auth.ts';
import { latestCode, mailsTo, waitForMail } from '../helpers/mailbox.ts';

const sql = ownerSql();
const { app, auth } = authApp(sql);
afterAll(async () => {
  await auth.close();
  await sql.end();
});

async function registerAndVerify(name = 'Sara', password = 'secret-1') {
  const email = uniqueEmail();
  const reg = await call(app, 'POST', '/public/auth/register', { email, password, name });
  expect(reg.status).toBe(201);
  const code = await latestCode(email);
  const verified = await call(app, 'POST', '/public/auth/verify-email', { email, code });
  expect(verified.status).toBe(200);
  return { email, password, session: verified.body.data };
}

describe('sign-up with a mailed 6-digit code', () => {
  it('registers, mails a code, verifies it and signs in', async () => {
    const email = uniqueEmail();
    const reg = await call(app, 'POST', '/public/auth/register', { email: `  ${email.toUpperCase()} `, password: 'secret-1', name: ' Sara ' });
    expect(reg.status).toBe(201);
    expect(reg.body).toEqual({ success: true, data: { email, needsVerification: true } });

    const [user] = await sql`select encrypted_password, email_confirmed_at, raw_user_meta_data from auth.users where email = ${email}`;
    expect(user!.email_confirmed_at).toBeNull();
    expect(user!.encrypted_password).toMatch(/^\$2[aby]\$04\$/); // bcrypt (cost lowered for tests)
    expect(user!.raw_user_meta_data).toMatchObject({ name: 'Sara' });
    const [ott] = await sql`select token_hash from auth.one_time_tokens o join auth.users u on u.id = o.user_id where u.email = ${email}`;

    const code = await latestCode(email);
    expect(code).toMatch(/^\d{6}$/);
    expect(ott!.token_hash).not.toContain(code); // stored hashed

    // not verified yet: the right password gets 403 email_not_verified
    const early = await call(app, 'POST', '/public/auth/login', { email, password: 'secret-1' });
    expect(early.status).toBe(403);
    expect(early.body.error.code).toBe('email_not_verified');

    const verified = await call(app, 'POST', '/public/auth/verify-email', { email, code });
    expect(verified.status).toBe(200);
    expect(verified.body.success).toBe(true);
    expect(verified.body.user).toEqual({ id: expect.any(String), email, name: 'Sara' });
    expect(verified.body.data).toMatchObject({ token: expect.any(String), refreshToken: expect.any(String), expiresAt: expect.any(Number), user: verified.body.user });
    const [confirmed] = await sql`select email_confirmed_at from auth.users where email = ${email}`;
    expect(confirmed!.email_confirmed_at).not.toBeNull();

    // the code is single use
    const again = await call(app, 'POST', '/public/auth/verify-email', { email, code });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('invalid_code');
  });

  it('issues GoTrue-shaped access tokens the API accepts', async () => {
    const { session, email } = await registerAndVerify();
    const [, payload] = session.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims).toMatchObject({ sub: session.user.id, email, role: 'authenticated', aud: 'authenticated', app_metadata: { provider: 'email' } });
    expect(claims.app_metadata.role).toBeUndefined();
    expect(claims.exp).toBe(session.expiresAt);
    expect(claims.exp - claims.iat).toBe(3600);
    const header = JSON.parse(Buffer.from(session.token.split('.')[0], 'base64url').toString());
    expect(header.alg).toBe('HS256');
  });

  it('mails in the language of Accept-Language (Arabic: RTL HTML)', async () => {
    const email = uniqueEmail('ar');
    await call(app, 'POST', '/public/auth/register', { email, password: 'secret-1', name: 'سارة' }, { 'Accept-Language': 'ar-SA,ar;q=0.9' });
    const mail = await waitForMail(email, 'signup-code');
    expect(mail.subject).toContain('رمز التحقق');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('lang="ar"');
    const en = uniqueEmail('en');
    await call(app, 'POST', '/public/auth/register', { email: en, password: 'secret-1', name: 'Sam' });
    const enMail = await waitForMail(en, 'signup-code');
    expect(enMail.subject).toMatch(/verification code/);
    expect(enMail.html).toContain('dir="ltr"');
  });

  it('resend-code sends a new code and the old one stops working', async () => {
    const email = uniqueEmail();
    await call(app, 'POST', '/public/auth/register', { email, password: 'secret-1', name: 'Ali' });
    const first = await latestCode(email);
    const resend = await call(app, 'POST', '/public/auth/resend-code', { email });
    expect(resend.status).toBe(200);
    expect(resend.body.success).toBe(true);
    const second = await latestCode(email, 'signup-code', { count: 2 });
    if (first !== second) {
      const old = await call(app, 'POST', '/public/auth/verify-email', { email, code: first });
      expect(old.status).toBe(400);
    }
    const ok = await call(app, 'POST', '/public/auth/verify-email', { email, code: second });
    expect(ok.status).toBe(200);
  });

  it('registering a taken address answers the same and sends no code', async () => {
    const { email } = await registerAndVerify();
    const again = await call(app, 'POST', '/public/auth/register', { email, password: 'other-pass', name: 'Mallory' });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ success: true, data: { email, needsVerification: true } });
    await waitForMail(email, 'account-exists');
    expect(await mailsTo(email, 'signup-code')).toHaveLength(1);
    // the password did not change
    const login = await call(app, 'POST', '/public/auth/login', { email, password: 'secret-1' });
    expect(login.status).toBe(200);
  });
});

describe('sign-in, refresh, profile, password change, sign-out', () => {
  it('signs in with {token, refreshToken, expiresAt, user}', async () => {
    const { email } = await registerAndVerify('Omar');
    const login = await call(app, 'POST', '/public/auth/login', { email: email.toUpperCase(), password: 'secret-1' });
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({ token: expect.any(String), refreshToken: expect.any(String), user: { email, name: 'Omar' } });
    expect(login.body.data.expiresAt).toBeGreaterThan(Date.now() / 1000);
  });

  it('wrong password and unknown email both answer 401 Invalid credentials', async () => {
    const { email } = await registerAndVerify();
    const wrong = await call(app, 'POST', '/public/auth/login', { email, password: 'wrong-pass' });
    const unknown = await call(app, 'POST', '/public/auth/login', { email: uniqueEmail('nobody'), password: 'wrong-pass' });
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ success: false, error: { code: 'invalid_credentials', message: 'Invalid credentials' } });
    }
  });

  it('rotates refresh tokens; a reused one revokes the whole session', async () => {
    const { session } = await registerAndVerify();
    const r1 = await call(app, 'POST', '/public/auth/refresh', { refreshToken: session.refreshToken });
    expect(r1.status).toBe(200);
    expect(r1.body.data.refreshToken).not.toBe(session.refreshToken);
    const r2 = await call(app, 'POST', '/public/auth/refresh', { refreshToken: r1.body.data.refreshToken });
    expect(r2.status).toBe(200);
    // the first token again: reuse → 401, and the newest token of that family dies too
    const reuse = await call(app, 'POST', '/public/auth/refresh', { refreshToken: session.refreshToken });
    expect(reuse.status).toBe(401);
    expect(reuse.body.error.code).toBe('invalid_refresh_token');
    const after = await call(app, 'POST', '/public/auth/refresh', { refreshToken: r2.body.data.refreshToken });
    expect(after.status).toBe(401);
    const [{ count }] = await sql`select count(*)::int as count from auth.sessions where user_id = ${session.user.id}`;
    expect(count).toBe(0);
  });

  it('reads and renames the profile (name, email, memberSince, placesCount)', async () => {
    const { session, email } = await registerAndVerify('Layla');
    const [category] = await sql`select id from public.categories order by id limit 1`;
    await sql`insert into public.places (slug, name, category_id, owner_id) values (${`auth-test-${session.user.id.slice(0, 8)}`}, 'Test place', ${category!.id}, ${session.user.id})`;
    const got = await call(app, 'GET', '/public/auth/profile', undefined, bearer(session.token));
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual({ id: session.user.id, email, name: 'Layla', memberSince: expect.any(String), placesCount: 1, locale: 'en', notifyDecisions: true });
    expect(Date.now() - Date.parse(got.body.data.memberSince)).toBeLessThan(60_000);

    const put = await call(app, 'PUT', '/public/auth/profile', { name: '  Layla K ' }, bearer(session.token));
    expect(put.status).toBe(200);
    expect(put.body.data.name).toBe('Layla K');
    const [meta] = await sql`select raw_user_meta_data->>'name' as name from auth.users where id = ${session.user.id}`;
    expect(meta!.name).toBe('Layla K');

    const empty = await call(app, 'PUT', '/public/auth/profile', { name: '   ' }, bearer(session.token));
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.name).toEqual(['Name is required']);

    const anon = await call(app, 'GET', '/public/auth/profile');
    expect(anon.status).toBe(401);
    expect(anon.body.error.code).toBe('unauthorized');
  });

  it('answers 404 profile_not_found when the profile row is gone', async () => {
    const { session } = await registerAndVerify();
    await sql`delete from public.profiles where id = ${session.user.id}`;
    const r = await call(app, 'GET', '/public/auth/profile', undefined, { ...bearer(session.token), 'Accept-Language': 'ar' });
    expect(r.status).toBe(404);
    expect(r.body.error).toEqual({ code: 'profile_not_found', message: 'الملف الشخصي غير موجود.' });
  });

  it('tolerates two tabs refreshing with the same token within the reuse interval', async () => {
    const tabs = authApp(sql, { provider: { refreshReuseIntervalSeconds: 10 } });
    try {
      const email = uniqueEmail('tabs');
      await call(tabs.app, 'POST', '/public/auth/register', { email, password: 'secret-1', name: 'Tabs' });
      const login = await call(tabs.app, 'POST', '/public/auth/verify-email', { email, code: await latestCode(email) });
      const first = await call(tabs.app, 'POST', '/public/auth/refresh', { refreshToken: login.body.data.refreshToken });
      const second = await call(tabs.app, 'POST', '/public/auth/refresh', { refreshToken: login.body.data.refreshToken });
      expect([first.status, second.status]).toEqual([200, 200]);
      // one live token per session: the newest
      expect((await call(tabs.app, 'POST', '/public/auth/refresh', { refreshToken: second.body.data.refreshToken })).status).toBe(200);
      const [{ live }] = await sql`select count(*)::int as live from auth.refresh_tokens where user_id = ${login.body.data.user.id} and not revoked`;
      expect(live).toBe(1);
    } finally {
      await tabs.auth.close();
    }
  });

  it('changes the password: wrong current → 400, then the new one works and the old fails', async () => {
    const { session, email } = await registerAndVerify();
    const other = await call(app, 'POST', '/public/auth/login', { email, password: 'secret-1' });
    const wrong = await call(app, 'PUT', '/public/auth/change-password', { currentPassword: 'nope-nope', newPassword: 'brand-new' }, bearer(session.token));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('current_password_incorrect');
    const short = await call(app, 'PUT', '/public/auth/change-password', { currentPassword: 'secret-1', newPassword: '123' }, bearer(session.token));
    expect(short.status).toBe(400);
    expect(short.body.error.fields.newPassword).toEqual(['Password must be at least 6 characters']);
    const missing = await call(app, 'PUT', '/public/auth/change-password', { newPassword: 'brand-new' }, bearer(session.token));
    expect(missing.body.error.fields.currentPassword).toEqual(['All fields are required']);

    const ok = await call(app, 'PUT', '/public/auth/change-password', { currentPassword: 'secret-1', newPassword: 'brand-new' }, bearer(session.token));
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, data: { message: 'Password changed successfully' }, message: 'Password changed successfully' });
    expect((await call(app, 'POST', '/public/auth/login', { email, password: 'secret-1' })).status).toBe(401);
    expect((await call(app, 'POST', '/public/auth/login', { email, password: 'brand-new' })).status).toBe(200);
    // the other session was signed out, this one kept
    expect((await call(app, 'POST', '/public/auth/refresh', { refreshToken: other.body.data.refreshToken })).status).toBe(401);
    expect((await call(app, 'POST', '/public/auth/refresh', { refreshToken: session.refreshToken })).status).toBe(200);
  });

  it('logout ends the session: its refresh token stops working', async () => {
    const { session } = await registerAndVerify();
    const out = await call(app, 'POST', '/public/auth/logout', undefined, bearer(session.token));
    expect(out.status).toBe(200);
    expect(out.body.success).toBe(true);
    expect((await call(app, 'POST', '/public/auth/refresh', { refreshToken: session.refreshToken })).status).toBe(401);
    // by refresh token, with no bearer; unknown tokens are fine
    const login = await call(app, 'POST', '/public/auth/login', { email: session.user.email, password: 'secret-1' });
    expect((await call(app, 'POST', '/public/auth/logout', { refreshToken: login.body.data.refreshToken })).status).toBe(200);
    expect((await call(app, 'POST', '/public/auth/refresh', { refreshToken: login.body.data.refreshToken })).status).toBe(401);
    expect((await call(app, 'POST', '/public/auth/logout', { refreshToken: 'not-a-token' })).status).toBe(200);
  });
});

describe('password reset with a mailed code', () => {
  it('forgot → code → verify → reset → sign in with the new password', async () => {
    const { email, session } = await registerAndVerify();
    const forgot = await call(app, 'POST', '/public/auth/forgot-password', { email }, { 'Accept-Language': 'ar' });
    expect(forgot.status).toBe(200);
    expect(forgot.body).toEqual({ success: true, data: { message: 'إذا كان البريد الإلكتروني موجودًا، فقد أُرسل رمز إعادة التعيين' }, message: 'إذا كان البريد الإلكتروني موجودًا، فقد أُرسل رمز إعادة التعيين' });
    const mail = await waitForMail(email, 'reset-code');
    expect(mail.html).toContain('dir="rtl"');
    const code = await latestCode(email, 'reset-code');

    const bad = await call(app, 'POST', '/public/auth/verify-reset-code', { email, code: code === '000000' ? '111111' : '000000' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_code');
    const check = await call(app, 'POST', '/public/auth/verify-reset-code', { email, code });
    expect(check.status).toBe(200);
    const reset = await call(app, 'POST', '/public/auth/reset-password', { email, code, newPassword: 'after-reset' });
    expect(reset.status).toBe(200);
    expect(reset.body.success).toBe(true);

    expect((await call(app, 'POST', '/public/auth/login', { email, password: 'secret-1' })).status).toBe(401);
    expect((await call(app, 'POST', '/public/auth/login', { email, password: 'after-reset' })).status).toBe(200);
    // every earlier session ended; the code is used up
    expect((await call(app, 'POST', '/public/auth/refresh', { refreshToken: session.refreshToken })).status).toBe(401);
    const reuse = await call(app, 'POST', '/public/auth/reset-password', { email, code, newPassword: 'third-one' });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error.code).toBe('invalid_code');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const forgot = await call(app, 'POST', '/public/auth/forgot-password', { email });
    expect(forgot.status).toBe(200);
    expect(forgot.body).toEqual({ success: true, data: { message: 'If the email exists, a reset code has been sent' }, message: 'If the email exists, a reset code has been sent' });
    const resend = await call(app, 'POST', '/public/auth/resend-code', { email });
    expect(resend.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo(email)).toHaveLength(0);
    const verify = await call(app, 'POST', '/public/auth/verify-reset-code', { email, code: '123456' });
    expect(verify.status).toBe(400);
    expect(verify.body.error.code).toBe('invalid_code');
  });
});

describe('OpenAPI', () => {
  it('describes every auth endpoint', async () => {
    const r = await call(app, 'GET', '/openapi.json');
    expect(r.status).toBe(200);
    const paths = Object.keys(r.body.paths);
    for (const p of ['register', 'verify-email', 'resend-code', 'login', 'refresh', 'logout', 'forgot-password', 'verify-reset-code', 'reset-password', 'profile', 'change-password']) {
      expect(paths).toContain(`/api/public/auth/${p}`);
    }
    for (const p of ['login', 'refresh', 'verify', 'change-password', 'logout']) expect(paths).toContain(`/api/admin/auth/${p}`);
    expect(r.body.paths['/api/public/auth/register'].post.responses).toHaveProperty('201');
  });
});
