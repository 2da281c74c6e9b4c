import { expect } from '@playwright/test';

/**
 * Reads sign-up and reset codes from the e2e stack's dev mailbox (maildev REST API at
 * process.env.E2E_MAIL_API, set by playwright.config.ts). Mails carry `X-Auth-Mail: <kind>`.
 */
interface CaughtMail {
  time: string;
  text?: string;
  headers: Record<string, string | string[]>;
  to: { address: string }[];
}

type MailKind = 'signup-code' | 'reset-code';

async function mailsTo(address: string, kind: MailKind): Promise<CaughtMail[]> {
  const api = process.env.E2E_MAIL_API;
  if (!api) throw new Error('E2E_MAIL_API is not set (playwright.config.ts sets it)');
  const res = await fetch(`${api}/api/email?to.address=${encodeURIComponent(address)}`);
  if (!res.ok) throw new Error(`maildev answered ${res.status}`);
  const mails = (await res.json()) as CaughtMail[];
  return mails
    .filter((m) => m.headers['x-auth-mail'] === kind)
    .sort((a, b) => new Date(a.time).getTime() - new Date(b.time).getTime());
}

/**
 * Waits for the `count`-th `kind` mail to `address` and returns its 6-digit code; with `lang`, also
 * checks the mail was written in that language (Content-Language follows the page's Accept-Language).
 */
export async function codeFromMail(address: string, kind: MailKind, options: { count?: number; lang?: 'en' | 'ar' } = {}): Promise<string> {
  const count = options.count ?? 1;
  let mails: CaughtMail[] = [];
  await expect
    .poll(async () => {
      mails = await mailsTo(address, kind);
      return mails.length;
    }, { message: `${kind} mail #${count} to ${address}`, timeout: 15_000 })
    .toBeGreaterThanOrEqual(count);
  const mail = mails[count - 1];
  if (options.lang) expect(mail?.headers['content-language']).toBe(options.lang);
  const code = mail?.text?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no 6-digit code in ${kind} mail #${count} to ${address}`);
  return code;
}

/** A fresh address per test run, so reruns against a kept stack never collide. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
}
