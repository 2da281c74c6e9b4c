import { z } from 'zod';
import { toWesternDigits } from '../../shared/digits.ts';
import {
  AUTH_MESSAGES, codeSchema, currentPasswordSchema, emailSchema, newPasswordSchema, passwordSchema,
} from '../../shared/schemas/auth-schemas.ts';
import '../../lib/late-strings.ts';

/**
 * Form schemas of the auth screens, built on the API's own field schemas (src/shared/schemas/auth-schemas.ts)
 * so the SPA and the server agree on every rule and message.
 */

/** An empty field reads 'All fields are required' before any other rule (password forms). */
const filled = z.string().min(1, AUTH_MESSAGES.allFieldsRequired);

/**
 * Profile and admin "change password": every field required ('All fields are required'), new password
 * at least 6 ('Password must be at least 6 characters'), confirmation equal ('Passwords do not match').
 */
export const changePasswordFormSchema = z
  .object({
    currentPassword: filled.pipe(currentPasswordSchema),
    newPassword: filled.pipe(newPasswordSchema),
    confirmPassword: filled,
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: AUTH_MESSAGES.passwordsMismatch, path: ['confirmPassword'] });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

/** Last step of the reset flow: the new password twice ('Use at least 6 characters', 'Passwords do not match'). */
export const newPasswordFormSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: filled })
  .refine((v) => v.newPassword === v.confirmPassword, { message: AUTH_MESSAGES.passwordsMismatch, path: ['confirmPassword'] });
export type NewPasswordForm = z.input<typeof newPasswordFormSchema>;

export const emailFormSchema = z.object({ email: emailSchema });
export type EmailForm = z.input<typeof emailFormSchema>;

export const codeFormSchema = z.object({ code: codeSchema });
export type CodeForm = z.input<typeof codeFormSchema>;

/** Eastern Arabic (٠-٩) and Persian (۰-۹) digits → ASCII, everything else but digits dropped, at most 6. */
export function normalizeCodeInput(raw: string): string {
  return toWesternDigits(raw)
    .replace(/\D/g, '')
    .slice(0, 6);
}

const MESSAGE_KEYS = new Map<string, string>(Object.entries(AUTH_MESSAGES).map(([key, text]) => [text, key]));

/**
 * The i18n key (`auth.validation.<name>`) for a validation message of the shared schemas, so the
 * Arabic screens show Arabic; null for a message the shared schemas do not define.
 */
export function validationMessageKey(message: string | undefined): string | null {
  if (!message) return null;
  const key = MESSAGE_KEYS.get(message);
  return key ? `auth.validation.${key}` : null;
}
