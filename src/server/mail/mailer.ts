import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer } from './mailer-types.ts';
import { renderAuthMail } from './templates.ts';

export type { Mailer } from './mailer-types.ts';

export interface SmtpConfig {
  host: string;
  port: number;
  /** The From header, e.g. `Dalil <no-reply@dalil.example>`. */
  from: string;
  user?: string;
  pass?: string;
  /** Implicit TLS (port 465); otherwise STARTTLS is used when the server offers it. */
  secure?: boolean;
}

/**
 * A nodemailer SMTP mailer. Each mail carries `X-Auth-Mail: <kind>` so a mailbox (or a test) can
 * tell the sign-up code from the reset code, and `Content-Language`.
 */
export function createSmtpMailer(config: SmtpConfig): Mailer {
  const transport: Transporter = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure ?? false,
    auth: config.user ? { user: config.user, pass: config.pass ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  /** Sends `mail` to `to` in `lang`, with `headers` beside its Content-Language. */
  const send = (to: string, lang: string, mail: { subject: string; text: string; html: string }, headers: Record<string, string>) =>
    transport.sendMail({ from: config.from, to, subject: mail.subject, text: mail.text, html: mail.html, headers: { ...headers, 'Content-Language': lang } });
  return {
    async sendAuthMail({ to, kind, lang, siteName, code }) {
      await send(to, lang, renderAuthMail(kind, lang, { siteName, code }), { 'X-Auth-Mail': kind });
    },
    async sendMail({ to, tag, lang, mail }) {
      await send(to, lang, mail, { 'X-Dalil-Mail': tag });
    },
    close() {
      transport.close();
    },
  };
}
