import { afterAll, describe, expect, it } from 'vitest';
import { ownerSql } from '../helpers/api.ts';
import { authApp, bearer, call, uniqueEmail } from '../helpers/auth.ts';
import { latestCode } from '../helpers/mailbox.ts';

const sql = ownerSql();
const { app, auth } = authApp(sql);
afterAll(async () => {
  await auth.close();
  await sql.end();
});

async function makeAdmin(password = 'admin-pass') {
  const email = uniqueEmail('admin');
  const { user, created } = await auth.createAdmin({ email, password, name: 'Admin' });
  expect(created).toBe(true);
  return { email, password, user };
}

describe('admin sessions', () => {
  it('admin login → verify → refresh → change password → logout', async () => {
    const { email, password, user } = await makeAdmin();
    const [row] = await sql`select raw_app_meta_data, email_confirmed_at from auth.users where id = ${user.id}`;
    expect(row!.raw_app_meta_data).toMatchObject({ role: 'admin' });
    expect(row!.email_confirmed_at).not.toBeNull();

    const login = await call(app, 'POST', '/admin/auth/login', { email, password, remember: false });
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({ token: expect.any(String), refreshToken: expect.any(String), user: { id: user.id, email } });
    const claims = JSON.parse(Buffer.from(login.body.data.token.split('.')[1], 'base64url').toString());
    expect(claims.app_metadata.role).toBe('admin');
    // remember:false → a 12-hour session
    const [session] = await sql`select extract(epoch from not_after - created_at)::int as ttl from auth.sessions where user_id = ${user.id}`;
    expect(session!.ttl).toBe(12 * 3600);

    const verify = await call(app, 'GET', '/admin/auth/verify', undefined, bearer(login.body.data.token));
    expect(verify.status).toBe(200);
    expect(verify.body).toEqual({ success: true, data: { id: user.id, email }, user: { id: user.id, email } });

    const refreshed = await call(app, 'POST', '/admin/auth/refresh', { refreshToken: login.body.data.refreshToken });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.success).toBe(true);
    expect(refreshed.body.data.token).toEqual(expect.any(String));
    const token = refreshed.body.data.token;

    const changed = await call(app, 'PUT', '/admin/auth/change-password', { currentPassword: password, newPassword: 'admin-pass-2' }, bearer(token));
    expect(changed.status).toBe(200);
    expect((await call(app, 'POST', '/admin/auth/login', { email, password, remember: true })).status).toBe(401);
    const again = await call(app, 'POST', '/admin/auth/login', { email, password: 'admin-pass-2', remember: true });
    expect(again.status).toBe(200);

    const out = await call(app, 'POST', '/admin/auth/logout', { refreshToken: again.body.data.refreshToken }, bearer(again.body.data.token));
    expect(out.status).toBe(200);
    expect((await call(app, 'POST', '/admin/auth/refresh', { refreshToken: again.body.data.refreshToken })).status).toBe(401);
  });

  it('non-admins, wrong passwords, unknown and unverified addresses all get the same 401', async () => {
    const { email: adminEmail } = await makeAdmin();
    const userEmail = uniqueEmail('plain');
    await call(app, 'POST', '/public/auth/register', { email: userEmail, password: 'secret-1', name: 'Plain' });
    const unverified = await call(app, 'POST', '/admin/auth/login', { email: userEmail, password: 'secret-1', remember: false });
    await call(app, 'POST', '/public/auth/verify-email', { email: userEmail, code: await latestCode(userEmail) });
    const plain = await call(app, 'POST', '/admin/auth/login', { email: userEmail, password: 'secret-1', remember: false });
    const wrong = await call(app, 'POST', '/admin/auth/login', { email: adminEmail, password: 'wrong-pass', remember: false });
    const unknown = await call(app, 'POST', '/admin/auth/login', { email: uniqueEmail('nobody'), password: 'secret-1', remember: false });
    for (const r of [unverified, plain, wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ success: false, error: { code: 'invalid_credentials', message: 'Invalid credentials' } });
    }
    // the plain user's attempt left no session behind
    const [{ n }] = await sql`select count(*)::int as n from auth.sessions s join auth.users u on u.id = s.user_id where u.email = ${userEmail}`;
    expect(n).toBe(1); // the one from verify-email only
  });

  it('user tokens get 403 on admin endpoints; no token gets 401', async () => {
    const email = uniqueEmail('user');
    await call(app, 'POST', '/public/auth/register', { email, password: 'secret-1', name: 'User' });
    const verified = await call(app, 'POST', '/public/auth/verify-email', { email, code: await latestCode(email) });
    const token = verified.body.data.token;
    const verify = await call(app, 'GET', '/admin/auth/verify', undefined, bearer(token));
    expect(verify.status).toBe(403);
    expect(verify.body.error.code).toBe('forbidden');
    const change = await call(app, 'PUT', '/admin/auth/change-password', { currentPassword: 'secret-1', newPassword: 'other-1' }, bearer(token));
    expect(change.status).toBe(403);
    expect((await call(app, 'GET', '/admin/auth/verify')).status).toBe(401);
    // an admin refresh with a user's refresh token is refused and ends that session
    const refresh = await call(app, 'POST', '/admin/auth/refresh', { refreshToken: verified.body.data.refreshToken });
    expect(refresh.status).toBe(401);
  });

  it('a revoked admin loses access at the next verify and refresh', async () => {
    const { email, password, user } = await makeAdmin();
    const login = await call(app, 'POST', '/admin/auth/login', { email, password, remember: true });
    await auth.setAdminRole(user.id, false);
    const verify = await call(app, 'GET', '/admin/auth/verify', undefined, bearer(login.body.data.token));
    expect(verify.status).toBe(403);
    const refresh = await call(app, 'POST', '/admin/auth/refresh', { refreshToken: login.body.data.refreshToken });
    expect(refresh.status).toBe(401);
  });

  it('createAdmin promotes an existing user and sets the password', async () => {
    const email = uniqueEmail('promote');
    await call(app, 'POST', '/public/auth/register', { email, password: 'secret-1', name: 'Soon Admin' });
    const { created, user } = await auth.createAdmin({ email, password: 'promoted-1' });
    expect(created).toBe(false);
    expect(user).toMatchObject({ isAdmin: true, emailConfirmed: true, name: 'Soon Admin' });
    expect((await call(app, 'POST', '/admin/auth/login', { email, password: 'promoted-1', remember: false })).status).toBe(200);
  });
});
