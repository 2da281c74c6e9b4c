import { afterAll, describe, expect, it } from 'vitest';
import { ownerSql } from '../helpers/api.ts';
import { authApp, call, NO_RATE_LIMITS, uniqueEmail } from '../helpers/auth.ts';
import { latestCode } from '../helpers/mailbox.ts';
import { DEFAULT_AUTH_RATE_LIMITS, type AuthRateLimits } from '../../src/server/auth/rate-limit.ts';
import { mailsTo } from '../helpers/mailbox.ts';

const sql = ownerSql();
const limits: AuthRateLimits = {
  login: { perIp: { max: 6, windowSeconds: 60 }, perEmail: { max: 3, windowSeconds: 60 } },
  verify: { perIp: { max: 50, windowSeconds: 60 }, perEmail: { max: 3, windowSeconds: 60 } },
  send: { perIp: { max: 4, windowSeconds: 60 }, perEmail: { max: 2, windowSeconds: 60 } },
  refresh: { perIp: { max: 3, windowSeconds: 60 }, perEmail: null },
};
const limited = authApp(sql, { rateLimits: limits });
// Only the resend cooldown (the shipped rule), so nothing else limits its test.
const cooled = authApp(sql, { rateLimits: { ...NO_RATE_LIMITS, resend: DEFAULT_AUTH_RATE_LIMITS.resend } });
// default cost (10) for the timing comparison
const slow = authApp(sql, { rateLimits: NO_RATE_LIMITS, provider: { bcryptCost: 10 } });
afterAll(async () => {
  await limited.auth.close();
  await cooled.auth.close();
  await slow.auth.close();
  await sql.end();
});

const ip = (n: number) => ({ 'X-Forwarded-For': `203.0.113.${n}` });

describe('rate limits (429 with Retry-After)', () => {
  it('limits sign-in attempts per e-mail, across IPs', async () => {
    const email = uniqueEmail('brute');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(limited.app, 'POST', '/public/auth/login', { email, password: 'guess-' + i }, ip(10 + i))).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const last = await call(limited.app, 'POST', '/public/auth/login', { email, password: 'guess-x' }, ip(20));
    expect(last.status).toBe(429);
    expect(last.body.error.code).toBe('rate_limited');
    const retry = Number(last.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    // the admin login shares the bucket
    expect((await call(limited.app, 'POST', '/admin/auth/login', { email, password: 'guess-y', remember: false }, ip(21))).status).toBe(429);
  });

  it('limits sign-in attempts per IP, across e-mails', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await call(limited.app, 'POST', '/public/auth/login', { email: uniqueEmail('spray'), password: 'secret-1' }, ip(30))).status);
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses[6]).toBe(429);
    expect((await call(limited.app, 'POST', '/public/auth/login', { email: uniqueEmail('spray'), password: 'secret-1' }, ip(31))).status).toBe(401);
  });

  it('limits code mails per address (register, resend, forgot share the bucket)', async () => {
    const email = uniqueEmail('flood');
    expect((await call(limited.app, 'POST', '/public/auth/register', { email, password: 'secret-1', name: 'F' }, ip(40))).status).toBe(201);
    expect((await call(limited.app, 'POST', '/public/auth/resend-code', { email }, ip(41))).status).toBe(200);
    const third = await call(limited.app, 'POST', '/public/auth/resend-code', { email }, ip(42));
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    const forgot = await call(limited.app, 'POST', '/public/auth/forgot-password', { email }, ip(43));
    expect(forgot.status).toBe(429);
  });

  it('resend-code: one mail per cooldown per address, even for two calls at once (a double tap, two tabs)', async () => {
    const email = uniqueEmail('double-tap');
    expect((await call(cooled.app, 'POST', '/public/auth/register', { email, password: 'secret-1', name: 'D' }, ip(60))).status).toBe(201);
    await latestCode(email);
    const answers = await Promise.all([61, 62].map((n) => call(cooled.app, 'POST', '/public/auth/resend-code', { email }, ip(n))));
    expect(answers.map((a) => a.status).toSorted()).toEqual([200, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.error.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(30);
    await latestCode(email, 'signup-code', { count: 2 });
    await new Promise((r) => setTimeout(r, 1000));
    expect(await mailsTo(email, 'signup-code')).toHaveLength(2); // the sign-up mail and one resend
  });

  it('limits code guesses per address', async () => {
    const email = uniqueEmail('guess');
    await call(limited.app, 'POST', '/public/auth/register', { email, password: 'secret-1', name: 'G' }, ip(50));
    const code = await latestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++) expect((await call(limited.app, 'POST', '/public/auth/verify-email', { email, code: wrong }, ip(51))).status).toBe(400);
    const blocked = await call(limited.app, 'POST', '/public/auth/verify-email', { email, code }, ip(52));
    expect(blocked.status).toBe(429);
    const [user] = await sql`select email_confirmed_at from auth.users where email = ${email}`;
    expect(user!.email_confirmed_at).toBeNull();
  });

  it('limits refreshes per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(limited.app, 'POST', '/public/auth/refresh', { refreshToken: `nope-${i}` }, ip(60))).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe('no account enumeration', () => {
  it('login with an unknown address costs about the same as a wrong password (bcrypt cost 10)', async () => {
    const email = uniqueEmail('timing');
    await slow.auth.createAdmin({ email, password: 'secret-1' }); // a confirmed account with a cost-10 hash
    const time = async (address: string) => {
      const t = performance.now();
      const r = await call(slow.app, 'POST', '/public/auth/login', { email: address, password: 'wrong-pass' });
      expect(r.status).toBe(401);
      return performance.now() - t;
    };
    await time(email); // warm-up
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      known.push(await time(email));
      unknown.push(await time(uniqueEmail('none')));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(unknown) / median(known);
    // both run one bcrypt comparison at cost 10 (tens of ms); without the dummy hash, unknown would be ~100× faster
    expect(median(known)).toBeGreaterThan(15);
    expect(ratio).toBeGreaterThan(0.33);
    expect(ratio).toBeLessThan(3);
  });
});
