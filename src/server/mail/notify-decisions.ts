import type { Sql } from 'postgres';
import type { RequestLogger } from '../http/request-log.ts';
import { readDecisionMailRows, readSiteNames } from '../queries/decision-mails-queries.ts';
import { renderDecisionMail } from './decision-mail.ts';
import type { Mailer } from './mailer-types.ts';

export interface NotifyDeps {
  sql: Sql;
  mailer?: Mailer;
  logger?: RequestLogger;
}

/** Decision mails still being sent (tests and shutdown wait for them with `settleDecisionMails`). */
const pending = new Set<Promise<void>>();

/** Resolves when every decision mail started so far has been sent or has failed (and was logged). */
export async function settleDecisionMails(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}

/**
 * Tells the submitters of the decided requests `ids` — one mail per request, in the language they
 * signed up in: approved → the place's absolute link (`<origin>/p/<slug>`, `<origin>/ar/p/<slug>`
 * in Arabic), rejected → the admin's reason. Skips submitters who turned the mails off.
 *
 * Runs in the background AFTER the decision's transaction committed: the admin's answer never waits
 * on SMTP and a failed send never undoes a decision. A failure is logged (`decision mail failed`,
 * request id, no address) — there is no outbox nor retry (decision 024). Without a mailer (an
 * Edge Function without SMTP_* secrets) nothing is sent; the Edge Function keeps its worker alive
 * for them with EdgeRuntime.waitUntil(settleDecisionMails()).
 */
export function notifyDecisions(deps: NotifyDeps, ids: readonly number[], origin: string): void {
  const { mailer } = deps;
  if (!mailer || ids.length === 0) return;
  const log = deps.logger;
  const job = (async () => {
    const [rows, names] = await Promise.all([readDecisionMailRows(deps.sql, ids), readSiteNames(deps.sql).catch(() => undefined)]);
    const base = origin.replace(/\/$/, '');
    for (const row of rows) {
      if (!row.notify || !row.email) continue;
      const lang = row.locale;
      const siteName = (lang === 'ar' ? names?.site_name_ar?.trim() : '') || names?.site_name?.trim() || 'Dalil';
      const placeName = (lang === 'ar' ? row.place_name_ar || row.proposed_name_ar : null) || row.place_name || row.proposed_name || '';
      const placeUrl = row.status === 'approved' && row.place_slug ? `${base}${lang === 'ar' ? '/ar' : ''}/p/${encodeURIComponent(row.place_slug)}` : null;
      const mail = renderDecisionMail(lang, { status: row.status, type: row.type, placeName, placeUrl, reason: row.rejection_reason, siteName });
      try {
        await mailer.sendMail({ to: row.email, tag: `request-${row.status}`, lang, mail });
        log?.info({ requestId: row.id, status: row.status }, 'decision mail sent');
      } catch (error) {
        log?.error({ requestId: row.id, status: row.status, err: String(error) }, 'decision mail failed');
        if (!log) console.error(`[mail] decision mail for request ${row.id} failed`, error);
      }
    }
  })()
    .catch((error) => {
      log?.error({ requestIds: ids, err: String(error) }, 'decision mails failed');
      if (!log) console.error('[mail] decision mails failed', error);
    })
    .finally(() => pending.delete(job));
  pending.add(job);
}
