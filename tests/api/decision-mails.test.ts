import { randomUUID } from 'node:crypto';
import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hs256Verifier } from '../../src/server/auth/tokens.ts';
import { startStack } from '../../src/server/stack.ts';
import { createApp } from '../../src/server/app.ts';
import { createSmtpMailer } from '../../src/server/mail/mailer.ts';
import { settleDecisionMails } from '../../src/server/mail/notify-decisions.ts';
import { TEST_JWT_SECRET, createUser, ownerSql } from '../helpers/api.ts';
import { NO_RATE_LIMITS, bearer, call, localProvider, uniqueEmail } from '../helpers/auth.ts';
import { latestCode, mailboxSmtp, mailsTo, type CaughtMail } from '../helpers/mailbox.ts';

// Issue #16 "Submitters are told": a decision on a place request mails its submitter, in the
// language they signed up in, through the auth codes' mail path (here: the run's dev mailbox).
const sql = ownerSql();
const auth = localProvider(sql);
const mailer = createSmtpMailer(mailboxSmtp());
const app = createApp({ sql, auth, mailer, authRateLimits: NO_RATE_LIMITS, publicUrl: 'https://dalil.test' });
let admin: Awaited<ReturnType<typeof createUser>>;
let categoryId: number;

beforeAll(async () => {
  admin = await createUser(sql, { role: 'admin' });
  [{ id: categoryId }] = await sql<{ id: number }[]>`select id::int from public.categories where slug = 'cafes'`;
});
afterAll(async () => {
  await settleDecisionMails();
  await auth.close();
  mailer.close();
  await sql.end();
});

/** Signs up through the API in `lang` (Accept-Language), verifies with the mailed code, answers the token. */
async function signUp(lang: 'en' | 'ar') {
  const email = uniqueEmail('submitter');
  const headers: Record<string, string> = lang === 'ar' ? { 'Accept-Language': 'ar-SA,ar;q=0.9' } : {};
  const reg = await call(app, 'POST', '/public/auth/register', { email, password: 'secret-1', name: 'Submitter' }, headers);
  expect(reg.status).toBe(201);
  const verified = await call(app, 'POST', '/public/auth/verify-email', { email, code: await latestCode(email) });
  expect(verified.status).toBe(200);
  return { email, headers: bearer(verified.body.data.token as string) };
}

async function propose(headers: Record<string, string>, name: string, nameAr?: string): Promise<number> {
  const res = await call(app, 'POST', '/public/places', { name, ...(nameAr ? { nameAr } : {}), categoryId }, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

const decisionMails = async (email: string): Promise<CaughtMail[]> =>
  (await mailsTo(email)).filter((m) => String(m.headers['x-dalil-mail'] ?? '').startsWith('request-'));

describe('decision e-mails', () => {
  it('approved (English sign-up): one English mail with the absolute link to the place', async () => {
    const user = await signUp('en');
    const id = await propose(user.headers, `Told Cafe ${Date.now()}`);
    const res = await call(app, 'POST', `/admin/place-requests/${id}/approve`, undefined, { ...admin.authHeader, 'Accept-Language': 'ar' });
    expect(res.status).toBe(200);
    await settleDecisionMails();
    const mails = await decisionMails(user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.headers['x-dalil-mail']).toBe('request-approved');
    expect(mail!.headers['content-language']).toBe('en');
    expect(mail!.subject).toMatch(/was approved/);
    const [{ slug }] = await sql<{ slug: string }[]>`select p.slug from public.places p join public.place_requests r on r.place_id = p.id where r.id = ${id}`;
    expect(mail!.text).toContain(`https://dalil.test/p/${slug}`);
  });

  it('rejected (Arabic sign-up): one Arabic RTL mail with the reason', async () => {
    const user = await signUp('ar');
    const [{ locale }] = await sql<{ locale: string }[]>`select locale from public.profiles p join auth.users u on u.id = p.id where u.email = ${user.email}`;
    expect(locale).toBe('ar');
    const id = await propose(user.headers, `Rejected Cafe ${Date.now()}`, 'مقهى مرفوض');
    const reason = 'The place is already listed — مكرر';
    const res = await call(app, 'POST', `/admin/place-requests/${id}/reject`, { reason }, admin.authHeader);
    expect(res.status).toBe(200);
    await settleDecisionMails();
    const mails = await decisionMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.headers['x-dalil-mail']).toBe('request-rejected');
    expect(mails[0]!.headers['content-language']).toBe('ar');
    expect(mails[0]!.subject).toContain('مقهى مرفوض');
    expect(mails[0]!.text).toContain(`السبب: ${reason}`);
    expect(mails[0]!.html).toContain('dir="rtl"');
  });

  it('approved (Arabic sign-up): the link is the Arabic page /ar/p/<slug>', async () => {
    const user = await signUp('ar');
    const id = await propose(user.headers, `Arabic Cafe ${Date.now()}`, 'مقهى عربي');
    expect((await call(app, 'POST', `/admin/place-requests/${id}/approve`, undefined, admin.authHeader)).status).toBe(200);
    await settleDecisionMails();
    const [mail] = await decisionMails(user.email);
    const [{ slug }] = await sql<{ slug: string }[]>`select p.slug from public.places p join public.place_requests r on r.place_id = p.id where r.id = ${id}`;
    expect(mail!.text).toContain(`https://dalil.test/ar/p/${slug}`);
    expect(mail!.subject).toContain('اعتُمد طلبك');
  });

  it('opt-out: the setting is read and written through the API, and then no mail is sent', async () => {
    const user = await signUp('en');
    const before = await call(app, 'GET', '/public/auth/profile', undefined, user.headers);
    expect(before.body.data).toMatchObject({ notifyDecisions: true, locale: 'en' });
    const bad = await call(app, 'PUT', '/public/auth/profile/settings', { notifyDecisions: 'no' }, user.headers);
    expect(bad.status).toBe(400);
    const off = await call(app, 'PUT', '/public/auth/profile/settings', { notifyDecisions: false }, user.headers);
    expect(off.status).toBe(200);
    expect(off.body.data.notifyDecisions).toBe(false);
    expect((await call(app, 'GET', '/public/auth/profile', undefined, user.headers)).body.data.notifyDecisions).toBe(false);
    const id = await propose(user.headers, `Quiet Cafe ${Date.now()}`);
    expect((await call(app, 'POST', `/admin/place-requests/${id}/approve`, undefined, admin.authHeader)).status).toBe(200);
    await settleDecisionMails();
    expect(await decisionMails(user.email)).toHaveLength(0);
  });

  it('a refused send does not undo nor fail the decision', async () => {
    const user = await signUp('en');
    const broken = createSmtpMailer({ host: '127.0.0.1', port: 1, from: 'x@dalil.test' });
    const errors: unknown[] = [];
    const failing = createApp({ sql, auth, mailer: broken, authRateLimits: NO_RATE_LIMITS, logger: { info() {}, warn() {}, error: (o) => errors.push(o) } });
    const id = await propose(user.headers, `Unlucky Cafe ${Date.now()}`);
    const res = await call(failing, 'POST', `/admin/place-requests/${id}/approve`, undefined, admin.authHeader);
    expect(res.status).toBe(200);
    await settleDecisionMails();
    broken.close();
    const [{ status }] = await sql<{ status: string }[]>`select status from public.place_requests where id = ${id}`;
    expect(status).toBe('approved');
    expect(errors).toEqual([expect.objectContaining({ requestId: id })]);
  });
});

describe('approve-all (own database: it approves everything pending)', () => {
  let db: Sql;
  let dbName: string;
  let isolated: ReturnType<typeof createApp>;

  beforeAll(async () => {
    dbName = `decision_mails_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await sql.unsafe(`create database ${dbName}`);
    const url = new URL(inject('databaseUrl'));
    url.pathname = `/${dbName}`;
    const stack = await startStack({ dataDir: '', databaseUrl: url.toString(), embeddedPort: 0, dataset: null, poolSize: 4 });
    db = stack.sql;
    isolated = createApp({ sql: db, mailer, publicUrl: 'https://dalil.test', tokens: hs256Verifier(TEST_JWT_SECRET) });
  }, 120_000);
  afterAll(async () => {
    await settleDecisionMails();
    await db?.end();
    await sql.unsafe(`drop database if exists ${dbName} with (force)`);
  });

  it('sends one mail per approved request', async () => {
    const user = await createUser(db);
    const bulkAdmin = await createUser(db, { role: 'admin' });
    const [{ id: cat }] = await db<{ id: number }[]>`insert into public.categories (slug, name) values ('shops', 'Shops') returning id::int`;
    for (const name of ['Bulk A', 'Bulk B']) {
      const res = await call(isolated, 'POST', '/public/places', { name, categoryId: cat }, user.authHeader);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const res = await call(isolated, 'POST', '/admin/place-requests/approve-all', {}, bulkAdmin.authHeader);
    expect(res.status).toBe(200);
    expect(res.body.data.approved).toHaveLength(2);
    await settleDecisionMails();
    const mails = await decisionMails(user.email);
    expect(mails.map((m) => m.headers['x-dalil-mail'])).toEqual(['request-approved', 'request-approved']);
    expect(mails.map((m) => m.text).join('\n')).toMatch(/https:\/\/dalil\.test\/p\/bulk-a[\s\S]*https:\/\/dalil\.test\/p\/bulk-b|https:\/\/dalil\.test\/p\/bulk-b[\s\S]*https:\/\/dalil\.test\/p\/bulk-a/);
  });
});
