import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/server/domain-errors.ts';
import { toApiError } from '../../src/server/http/http-errors.ts';
import type { AuthProvider, AuthSession } from '../../src/server/auth/auth-provider.ts';
import { uniqueEmail } from '../helpers/auth.ts';

/** What each provider's test file supplies to the shared contract. */
export interface ContractFixture {
  provider: AuthProvider;
  /** The code of the `count`-th (default: newest) sign-up or reset mail to `email`. */
  code(email: string, purpose: 'signup' | 'reset', count?: number): Promise<string>;
  close(): Promise<void>;
}

/** Awaits `promise` and returns the domain error it failed with, as the status and code the API answers (fails the test when it succeeds). */
async function errorCode(promise: Promise<unknown>): Promise<{ status: number; code: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) {
      const answer = toApiError(error);
      return { status: answer.status, code: String(answer.code) };
    }
    throw error;
  }
  throw new Error('expected the call to fail');
}

const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

/**
 * The behaviour every AuthProvider must show: same answers, same error codes, same
 * token claims, whichever backend holds the accounts.
 */
export function authProviderContract(name: string, setup: () => Promise<ContractFixture>): void {
  describe(`AuthProvider contract: ${name}`, () => {
    let f: ContractFixture;
    let auth: AuthProvider;
    beforeAll(async () => {
      f = await setup();
      auth = f.provider;
    });
    afterAll(async () => {
      await f?.close();
    });

    async function signedUp(password = 'secret-1', name = 'Contract'): Promise<{ email: string; session: AuthSession }> {
      const email = uniqueEmail('contract');
      await auth.register({ email, password, name }, 'en');
      const session = await auth.verifyEmail(email, await f.code(email, 'signup'));
      return { email, session };
    }

    it('register → code → verifyEmail signs in with GoTrue claims', async () => {
      const email = uniqueEmail('contract');
      await auth.register({ email, password: 'secret-1', name: 'Nour' }, 'ar');
      expect(await errorCode(auth.login(email, 'secret-1'))).toEqual({ status: 403, code: 'email_not_verified' });
      const session = await auth.verifyEmail(email, await f.code(email, 'signup'));
      expect(session.user).toMatchObject({ email, name: 'Nour', isAdmin: false, emailConfirmed: true });
      expect(session.expiresAt).toBeGreaterThan(Date.now() / 1000);
      const claims = await auth.verifyAccessToken(session.token);
      expect(claims).toMatchObject({ sub: session.user.id, email, role: 'authenticated', aud: 'authenticated' });
      expect(claims?.exp).toBe(session.expiresAt);
      expect(claims?.app_metadata?.role).toBeUndefined();
      expect(await auth.getUser(session.user.id)).toMatchObject({ id: session.user.id, email, name: 'Nour', emailConfirmed: true });
    });

    it('login: 401 invalid_credentials for a wrong password or an unknown address', async () => {
      const { email } = await signedUp();
      expect(await errorCode(auth.login(email, 'not-the-password'))).toEqual({ status: 401, code: 'invalid_credentials' });
      expect(await errorCode(auth.login(uniqueEmail('unknown'), 'secret-1'))).toEqual({ status: 401, code: 'invalid_credentials' });
      const session = await auth.login(email.toUpperCase(), 'secret-1');
      expect(session.user.email).toBe(email);
    });

    it('registering a confirmed address again succeeds silently and changes nothing', async () => {
      const { email } = await signedUp();
      await expect(auth.register({ email, password: 'hijack-1', name: 'Mallory' }, 'en')).resolves.toBeUndefined();
      expect(await errorCode(auth.login(email, 'hijack-1'))).toEqual({ status: 401, code: 'invalid_credentials' });
      await expect(auth.login(email, 'secret-1')).resolves.toBeTruthy();
    });

    it('codes: wrong → invalid_code; 5 wrong burn the code; a resent code works once', async () => {
      const email = uniqueEmail('contract');
      await auth.register({ email, password: 'secret-1', name: 'Guess' }, 'en');
      const code = await f.code(email, 'signup');
      for (let i = 0; i < 5; i++) expect(await errorCode(auth.verifyEmail(email, wrongCode(code)))).toEqual({ status: 400, code: 'invalid_code' });
      expect(await errorCode(auth.verifyEmail(email, code))).toEqual({ status: 400, code: 'code_attempts_exceeded' });
      await auth.resendCode(email, 'en');
      const fresh = await f.code(email, 'signup', 2);
      const session = await auth.verifyEmail(email, fresh);
      expect(session.user.emailConfirmed).toBe(true);
      expect(await errorCode(auth.verifyEmail(email, fresh))).toEqual({ status: 400, code: 'invalid_code' });
    });

    it('refresh rotates; reusing a rotated token ends the session', async () => {
      const { session } = await signedUp();
      const next = await auth.refresh(session.refreshToken);
      expect(next.refreshToken).not.toBe(session.refreshToken);
      expect(next.user.id).toBe(session.user.id);
      const third = await auth.refresh(next.refreshToken);
      expect(await errorCode(auth.refresh(session.refreshToken))).toEqual({ status: 401, code: 'invalid_refresh_token' });
      expect(await errorCode(auth.refresh(third.refreshToken))).toEqual({ status: 401, code: 'invalid_refresh_token' });
      expect(await errorCode(auth.refresh('no-such-refresh-token'))).toEqual({ status: 401, code: 'invalid_refresh_token' });
    });

    it('logout ends the session of the access token', async () => {
      const { session } = await signedUp();
      await auth.logout({ accessToken: session.token });
      expect(await errorCode(auth.refresh(session.refreshToken))).toEqual({ status: 401, code: 'invalid_refresh_token' });
      await expect(auth.logout({ refreshToken: 'unknown' })).resolves.toBeUndefined();
    });

    it('password reset: forgot → verifyResetCode → resetPassword ends every session', async () => {
      const { email, session } = await signedUp();
      await expect(auth.forgotPassword(uniqueEmail('nobody'), 'en')).resolves.toBeUndefined();
      await auth.forgotPassword(email, 'en');
      const code = await f.code(email, 'reset');
      expect(await errorCode(auth.verifyResetCode(email, wrongCode(code)))).toEqual({ status: 400, code: 'invalid_code' });
      await auth.verifyResetCode(email, code);
      await auth.resetPassword(email, code, 'after-reset-1');
      await expect(auth.login(email, 'after-reset-1')).resolves.toBeTruthy();
      expect(await errorCode(auth.login(email, 'secret-1'))).toEqual({ status: 401, code: 'invalid_credentials' });
      expect(await errorCode(auth.refresh(session.refreshToken))).toEqual({ status: 401, code: 'invalid_refresh_token' });
      expect(await errorCode(auth.resetPassword(email, code, 'again-and-again'))).toEqual({ status: 400, code: 'invalid_code' });
    });

    it('resetPassword works without the separate verify step', async () => {
      const { email } = await signedUp();
      await auth.forgotPassword(email, 'en');
      await auth.resetPassword(email, await f.code(email, 'reset'), 'direct-reset');
      await expect(auth.login(email, 'direct-reset')).resolves.toBeTruthy();
    });

    it('changePassword checks the current password and keeps the caller signed in', async () => {
      const { email, session } = await signedUp();
      const other = await auth.login(email, 'secret-1');
      const me = { id: session.user.id, email, accessToken: session.token };
      expect(await errorCode(auth.changePassword(me, 'wrong-current', 'new-secret'))).toEqual({ status: 400, code: 'current_password_incorrect' });
      expect(await errorCode(auth.changePassword(me, 'secret-1', 'secret-1'))).toEqual({ status: 400, code: 'same_password' });
      await auth.changePassword(me, 'secret-1', 'new-secret');
      await expect(auth.login(email, 'new-secret')).resolves.toBeTruthy();
      expect(await errorCode(auth.refresh(other.refreshToken))).toEqual({ status: 401, code: 'invalid_refresh_token' });
      await expect(auth.refresh(session.refreshToken)).resolves.toBeTruthy();
    });

    it('names and admin roles live in user_metadata and app_metadata', async () => {
      const { session } = await signedUp();
      expect(await auth.updateName(session.user.id, 'Renamed')).toMatchObject({ name: 'Renamed' });
      expect(await auth.getUser('00000000-0000-4000-8000-000000000000')).toBeNull();
      expect(await auth.getUser('not-a-uuid')).toBeNull();

      const email = uniqueEmail('boss');
      const { user, created } = await auth.createAdmin({ email, password: 'admin-pass', name: 'Boss' });
      expect(created).toBe(true);
      expect(user).toMatchObject({ email, isAdmin: true, emailConfirmed: true, name: 'Boss' });
      const adminSession = await auth.login(email, 'admin-pass');
      expect(adminSession.user.isAdmin).toBe(true);
      expect(claimsOf(adminSession.token).app_metadata.role).toBe('admin');

      await auth.setAdminRole(user.id, false);
      expect((await auth.getUser(user.id))?.isAdmin).toBe(false);
      const again = await auth.createAdmin({ email, password: 'admin-pass-2' });
      expect(again).toMatchObject({ created: false, user: { id: user.id, isAdmin: true } });
      await expect(auth.login(email, 'admin-pass-2')).resolves.toMatchObject({ user: { isAdmin: true } });
    });

    it('verifyAccessToken refuses tampered, alg:none, foreign and malformed tokens', async () => {
      const { session } = await signedUp();
      const [h, , s] = session.token.split('.');
      const claims = claimsOf(session.token);
      const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
      const forged = {
        tampered: `${h}.${b64({ ...claims, app_metadata: { role: 'admin' } })}.${s}`,
        none: `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
        foreign: await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('some-other-secret-some-other-secret-0123')),
        garbage: 'x.y.z',
        empty: '',
      };
      for (const [label, token] of Object.entries(forged)) expect(await auth.verifyAccessToken(token), label).toBeNull();
      expect(await auth.verifyAccessToken(session.token)).not.toBeNull();
    });
  });
}
