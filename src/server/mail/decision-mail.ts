import type { Lang } from '../message-catalogue.ts';
import { escapeHtml, type RenderedMail } from './templates.ts';

/** What a decision mail says: the outcome, the place's name, and the link (approved) or the reason (rejected). */
export interface DecisionMailInput {
  status: 'approved' | 'rejected';
  /** create: a new place proposed; edit: changes to an existing one. */
  type: 'create' | 'edit';
  /** The place's name in the mail's language (Arabic name when there is one), or the proposed name. */
  placeName: string;
  /** Absolute link to the place (approved only), e.g. https://dalil.example/ar/p/kingdom-tower. */
  placeUrl?: string | null;
  /** The admin's reason (rejected only), shown as written. */
  reason?: string | null;
  siteName: string;
}

const COPY = {
  en: {
    approved: { subject: (n: string) => `Your request for “${n}” was approved`, intro: (n: string, type: string) => type === 'create' ? `Thank you! “${n}” is now listed in the directory.` : `Thank you! Your changes to “${n}” are now in the directory.`, link: 'See the place' },
    rejected: { subject: (n: string) => `Your request for “${n}” was not approved`, intro: (n: string, type: string) => type === 'create' ? `Your proposal to add “${n}” was not approved.` : `Your changes to “${n}” were not approved.`, reason: 'Reason' },
    outro: 'You can turn these e-mails off in your profile.',
  },
  ar: {
    approved: { subject: (n: string) => `اعتُمد طلبك بشأن «${n}»`, intro: (n: string, type: string) => type === 'create' ? `شكرًا لك! أصبح «${n}» مدرجًا في الدليل.` : `شكرًا لك! نُشرت تعديلاتك على «${n}» في الدليل.`, link: 'عرض المكان' },
    rejected: { subject: (n: string) => `لم يُعتمد طلبك بشأن «${n}»`, intro: (n: string, type: string) => type === 'create' ? `لم يُعتمد اقتراحك بإضافة «${n}».` : `لم تُعتمد تعديلاتك على «${n}».`, reason: 'السبب' },
    outro: 'يمكنك إيقاف هذه الرسائل من ملفك الشخصي.',
  },
} as const;

/**
 * Renders the mail telling a submitter that their place request was approved (with the place's
 * link) or rejected (with the reason), in `lang` (Arabic: `dir="rtl"` HTML).
 */
export function renderDecisionMail(lang: Lang, input: DecisionMailInput): RenderedMail {
  const copy = COPY[lang];
  const outcome = input.status === 'approved' ? copy.approved : copy.rejected;
  const subject = outcome.subject(input.placeName);
  const intro = outcome.intro(input.placeName, input.type);
  const detailText = input.status === 'approved'
    ? (input.placeUrl ? `${copy.approved.link}: ${input.placeUrl}` : '')
    : `${copy.rejected.reason}: ${input.reason ?? ''}`;
  const text = `${intro}\n\n${detailText}\n\n${copy.outro}\n\n— ${input.siteName}\n`;
  const detailHtml = input.status === 'approved'
    ? (input.placeUrl ? `<p style="margin:24px 0"><a href="${escapeHtml(input.placeUrl)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#0f766e;color:#ffffff;text-decoration:none">${escapeHtml(copy.approved.link)}</a></p><p style="font-size:13px;color:#475569" dir="ltr">${escapeHtml(input.placeUrl)}</p>` : '')
    : `<p style="font-size:16px;line-height:1.6"><strong>${escapeHtml(copy.rejected.reason)}:</strong> ${escapeHtml(input.reason ?? '')}</p>`;
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:Inter,'Noto Sans Arabic',Arial,sans-serif;color:#0f172a">
<div dir="${dir}" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px;text-align:${lang === 'ar' ? 'right' : 'left'}">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(input.siteName)}</h1>
<p style="font-size:16px;line-height:1.6">${escapeHtml(intro)}</p>
${detailHtml}
<p style="font-size:14px;line-height:1.6;color:#475569">${escapeHtml(copy.outro)}</p>
</div>
</body>
</html>`;
  return { subject, text, html };
}
