import type { Lang } from '../message-catalogue.ts';
import type { AuthMailKind, RenderedMail } from './templates.ts';

// The mailer's interface, apart from its nodemailer implementation (mailer.ts), so code that runs in the
// Edge Function too (routes, mail/notify-decisions.ts) can name it without importing nodemailer.

/** Sends the auth mails (sign-up code, reset code, account-exists notice). */
export interface Mailer {
  /** Renders `kind` in `lang` and sends it to `to`. Rejects when the SMTP server refuses it. */
  sendAuthMail(input: { to: string; kind: AuthMailKind; lang: Lang; siteName: string; code?: string }): Promise<void>;
  /**
   * Sends an already rendered mail (e.g. a request decision, mail/decision-mail.ts) to `to`, tagged
   * `X-Dalil-Mail: <tag>` and `Content-Language: <lang>`. Rejects when the SMTP server refuses it.
   */
  sendMail(input: { to: string; tag: string; lang: Lang; mail: RenderedMail }): Promise<void>;
  close(): void;
}
