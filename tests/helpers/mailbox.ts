import { inject } from 'vitest';
import type { AuthMailKind } from '../../src/server/mail/templates.ts';

/** A mail as maildev's REST API returns it (the fields the tests read). */
export interface CaughtMail {
  id: string;
  time: string;
  subject: string;
  text?: string;
  html?: string;
  to: { address: string }[];
  headers: Record<string, string | string[]>;
}

/** SMTP settings of the run's dev mailbox (for createSmtpMailer). */
export function mailboxSmtp() {
  return { host: '127.0.0.1', port: inject('maildevSmtpPort'), from: 'Dalil tests <no-reply@dalil.test>' };
}

/** Every mail caught for `address`, oldest first, optionally of one kind (X-Auth-Mail header). */
export async function mailsTo(address: string, kind?: AuthMailKind): Promise<CaughtMail[]> {
  const res = await fetch(`${inject('maildevWebUrl')}/api/email?to.address=${encodeURIComponent(address)}`);
  if (!res.ok) throw new Error(`maildev answered ${res.status}`);
  const mails = (await res.json()) as CaughtMail[];
  return mails
    .filter((m) => !kind || m.headers['x-auth-mail'] === kind)
    .sort((a, b) => new Date(a.time).getTime() - new Date(b.time).getTime());
}

/**
 * Waits (polling every 50 ms, up to `timeoutMs`) until at least `count` mails of `kind` reached
 * `address`, and returns the newest one.
 */
export async function waitForMail(address: string, kind: AuthMailKind, options: { count?: number; timeoutMs?: number } = {}): Promise<CaughtMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 5000);
  for (;;) {
    const mails = await mailsTo(address, kind);
    if (mails.length >= (options.count ?? 1)) return mails[mails.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no ${kind} mail #${options.count ?? 1} for ${address} within ${options.timeoutMs ?? 5000} ms (got ${mails.length})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The 6-digit code of the newest `kind` mail to `address` (the `count`-th one when given). */
export async function latestCode(address: string, kind: 'signup-code' | 'reset-code' = 'signup-code', options: { count?: number; timeoutMs?: number } = {}): Promise<string> {
  const mail = await waitForMail(address, kind, options);
  const code = mail.text?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no 6-digit code in the ${kind} mail to ${address}`);
  return code;
}
