import { addMessages, addSuccessMessages } from '../http/messages.ts';

/** Error codes and success messages of the auth endpoints, in English and Arabic. */
export const AUTH_API_MESSAGES = {
  invalid_credentials: { en: 'Invalid credentials', ar: 'بيانات الدخول غير صحيحة' },
  email_not_verified: {
    en: 'Please verify your email address first. Enter the code we sent you, or ask for a new one.',
    ar: 'يرجى تأكيد بريدك الإلكتروني أولًا. أدخل الرمز الذي أرسلناه إليك، أو اطلب رمزًا جديدًا.',
  },
  invalid_code: { en: 'The code is invalid or has expired.', ar: 'الرمز غير صحيح أو منتهي الصلاحية.' },
  code_attempts_exceeded: {
    en: 'Too many wrong codes. Please ask for a new code.',
    ar: 'محاولات خاطئة كثيرة. يرجى طلب رمز جديد.',
  },
  invalid_refresh_token: { en: 'Your session has expired. Please sign in again.', ar: 'انتهت صلاحية جلستك. يرجى تسجيل الدخول مرة أخرى.' },
  current_password_incorrect: { en: 'The current password is incorrect.', ar: 'كلمة المرور الحالية غير صحيحة.' },
  same_password: { en: 'The new password must be different from the current one.', ar: 'يجب أن تختلف كلمة المرور الجديدة عن الحالية.' },
  auth_unavailable: {
    en: 'Sign-in is temporarily unavailable. Please try again.',
    ar: 'تسجيل الدخول غير متاح مؤقتًا. يرجى المحاولة مرة أخرى.',
  },
  profile_not_found: { en: 'Profile not found.', ar: 'الملف الشخصي غير موجود.' },
} as const;

/** Messages of successful auth answers (`data.message`): in the message table, but not error codes. */
export const AUTH_SUCCESS_MESSAGES = {
  reset_code_sent: { en: 'If the email exists, a reset code has been sent', ar: 'إذا كان البريد الإلكتروني موجودًا، فقد أُرسل رمز إعادة التعيين' },
  verification_code_sent: {
    en: 'If the email is awaiting verification, a new code has been sent',
    ar: 'إذا كان البريد الإلكتروني بانتظار التأكيد، فقد أُرسل رمز جديد',
  },
  reset_code_valid: { en: 'The code is valid. Choose a new password.', ar: 'الرمز صحيح. اختر كلمة مرور جديدة.' },
  password_reset_done: { en: 'Your password has been reset. You can now sign in.', ar: 'أُعيد تعيين كلمة مرورك. يمكنك الآن تسجيل الدخول.' },
  password_changed: { en: 'Password changed successfully', ar: 'تم تغيير كلمة المرور بنجاح' },
  signed_out: { en: 'Signed out', ar: 'تم تسجيل الخروج' },
} as const;

addMessages(AUTH_API_MESSAGES);
addSuccessMessages(AUTH_SUCCESS_MESSAGES);
