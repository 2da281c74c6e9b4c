import type { Lang } from '../message-catalogue.ts';

/** The auth mails: sign-up code, reset code, and "you already have an account" (sign-up on a taken address). */
export type AuthMailKind = 'signup-code' | 'reset-code' | 'account-exists';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface Copy {
  subject: string;
  intro: string;
  codeLabel?: string;
  outro: string;
}

const COPY: Record<AuthMailKind, Record<Lang, (site: string) => Copy>> = {
  'signup-code': {
    en: (site) => ({
      subject: `Your ${site} verification code`,
      intro: `Welcome to ${site}! Enter this code to confirm your email address:`,
      codeLabel: 'Verification code',
      outro: 'The code is valid for 1 hour. If you did not create an account, you can ignore this email.',
    }),
    ar: (site) => ({
      subject: `رمز التحقق الخاص بك في ${site}`,
      intro: `مرحبًا بك في ${site}! أدخل هذا الرمز لتأكيد بريدك الإلكتروني:`,
      codeLabel: 'رمز التحقق',
      outro: 'الرمز صالح لمدة ساعة واحدة. إذا لم تنشئ حسابًا، يمكنك تجاهل هذه الرسالة.',
    }),
  },
  'reset-code': {
    en: (site) => ({
      subject: `Your ${site} password reset code`,
      intro: 'Someone asked to reset the password of your account. Enter this code to choose a new password:',
      codeLabel: 'Reset code',
      outro: 'The code is valid for 1 hour. If you did not ask for this, you can ignore this email: your password stays the same.',
    }),
    ar: (site) => ({
      subject: `رمز إعادة تعيين كلمة المرور في ${site}`,
      intro: 'طلب أحدهم إعادة تعيين كلمة مرور حسابك. أدخل هذا الرمز لاختيار كلمة مرور جديدة:',
      codeLabel: 'رمز إعادة التعيين',
      outro: 'الرمز صالح لمدة ساعة واحدة. إذا لم تطلب ذلك، يمكنك تجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
    }),
  },
  'account-exists': {
    en: (site) => ({
      subject: `You already have a ${site} account`,
      intro: `Someone tried to sign up to ${site} with this email address, which already has an account.`,
      outro: 'If it was you, sign in, or reset your password if you forgot it. Otherwise you can ignore this email.',
    }),
    ar: (site) => ({
      subject: `لديك حساب بالفعل في ${site}`,
      intro: `حاول أحدهم إنشاء حساب في ${site} بهذا البريد الإلكتروني، وهو مسجَّل لدينا بالفعل.`,
      outro: 'إذا كنت أنت، فسجّل الدخول، أو أعد تعيين كلمة المرور إن نسيتها. وإلا يمكنك تجاهل هذه الرسالة.',
    }),
  },
};

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/**
 * Renders an auth mail in `lang` (Arabic: `dir="rtl"` HTML). `code` is the 6-digit code for the
 * code mails; `siteName` is the site's name in that language.
 */
export function renderAuthMail(kind: AuthMailKind, lang: Lang, params: { siteName: string; code?: string }): RenderedMail {
  const copy = COPY[kind][lang](params.siteName);
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const align = lang === 'ar' ? 'right' : 'left';
  const codeText = params.code ? `\n\n${copy.codeLabel}: ${params.code}\n\n` : '\n\n';
  const text = `${copy.intro}${codeText}${copy.outro}\n\n— ${params.siteName}\n`;
  const codeHtml = params.code
    ? `<p style="margin:24px 0;text-align:center"><span aria-label="${escapeHtml(copy.codeLabel ?? '')}" dir="ltr" style="display:inline-block;font-size:32px;font-weight:700;letter-spacing:8px;font-family:monospace;padding:12px 20px;border-radius:8px;background:#f1f5f9;color:#0f172a">${escapeHtml(params.code)}</span></p>`
    : '';
  const html = `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(copy.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:Inter,'Noto Sans Arabic',Arial,sans-serif;color:#0f172a">
<div dir="${dir}" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px;text-align:${align}">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(params.siteName)}</h1>
<p style="font-size:16px;line-height:1.6">${escapeHtml(copy.intro)}</p>
${codeHtml}
<p style="font-size:14px;line-height:1.6;color:#475569">${escapeHtml(copy.outro)}</p>
</div>
</body>
</html>`;
  return { subject: copy.subject, text, html };
}
