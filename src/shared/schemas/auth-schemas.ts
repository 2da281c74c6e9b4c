import { z } from 'zod';
import { INVALID_CHARACTERS_MESSAGE, isStorableText, LIMITS } from './common-schemas.ts';
import { toWesternDigits } from '../digits.ts';

/**
 * Accounts and sign-in: request and response shapes shared by the API (validation + OpenAPI) and the
 * SPA's forms (react-hook-form resolvers). Messages are the product's texts; the SPA may translate them by text.
 */

export const AUTH_LIMITS = {
  emailMax: 254,
  /** bcrypt reads at most 72 bytes (GoTrue refuses longer passwords too). */
  passwordMaxBytes: 72,
  nameMax: 100,
  codeLength: LIMITS.resetCodeLength,
  refreshTokenMax: 256,
} as const;

export const AUTH_MESSAGES = {
  emailInvalid: 'Please enter a valid email address',
  emailRequired: 'Email is required',
  passwordMin: 'Use at least 6 characters',
  passwordTooLong: 'The password is too long: at most 72 English or 36 Arabic characters',
  newPasswordMin: 'Password must be at least 6 characters',
  allFieldsRequired: 'All fields are required',
  passwordsMismatch: 'Passwords do not match',
  nameRequired: 'Name is required',
  nameTooLong: 'Use at most 100 characters',
  codeInvalid: 'Enter the 6-digit code',
  refreshTokenInvalid: 'A refresh token is required',
} as const;

const requiredOr = (message: string, required: string = AUTH_MESSAGES.allFieldsRequired) =>
  ({ error: (issue: { input?: unknown }) => (issue.input === undefined ? required : message) });

const utf8Length = (s: string) => new TextEncoder().encode(s).length;

/** E-mail address: trimmed, lower-cased, at most 254 characters. */
// Each schema checks the type first and pipes into its rules, so a wrong type yields one message.
// The OpenAPI document shows a pipe by its first (type) step: `meta` states the rules the pipe applies
// (from the same constants), so third parties see them (format, lengths, patterns).
export const emailSchema = z
  .string(requiredOr(AUTH_MESSAGES.emailInvalid, AUTH_MESSAGES.emailRequired))
  .pipe(z.string().trim()
  .toLowerCase()
  .max(AUTH_LIMITS.emailMax, AUTH_MESSAGES.emailInvalid)
  .email(AUTH_MESSAGES.emailInvalid))
  .meta({ format: 'email', maxLength: AUTH_LIMITS.emailMax, examples: ['reader@example.com'] });

function password(minMessage: string) {
  return z
    .string(requiredOr(minMessage))
    .pipe(z.string().min(LIMITS.passwordMin, minMessage)
      .refine((s) => utf8Length(s) <= AUTH_LIMITS.passwordMaxBytes, AUTH_MESSAGES.passwordTooLong))
    .meta({
      format: 'password', minLength: LIMITS.passwordMin, maxLength: AUTH_LIMITS.passwordMaxBytes,
      description: `${LIMITS.passwordMin} characters to ${AUTH_LIMITS.passwordMaxBytes} UTF-8 bytes`, examples: ['correct-horse-battery'],
    });
}

/** Password at sign-in, registration and reset: 6 characters to 72 UTF-8 bytes ('Use at least 6 characters'). */
export const passwordSchema = password(AUTH_MESSAGES.passwordMin);
/** New password on the profile / admin change-password forms ('Password must be at least 6 characters'). */
export const newPasswordSchema = password(AUTH_MESSAGES.newPasswordMin);
/** The current password: required, at most 72 bytes (never checked for length rules it may predate). */
export const currentPasswordSchema = z
  .string(requiredOr(AUTH_MESSAGES.allFieldsRequired))
  .pipe(z.string().min(1, AUTH_MESSAGES.allFieldsRequired)
    .refine((s) => utf8Length(s) <= AUTH_LIMITS.passwordMaxBytes, AUTH_MESSAGES.passwordTooLong))
  .meta({ format: 'password', minLength: 1, maxLength: AUTH_LIMITS.passwordMaxBytes, examples: ['old-password'] });

/** Display name: trimmed, 1–100 characters ('Name is required'). */
export const nameSchema = z
  .string(requiredOr(AUTH_MESSAGES.nameRequired, AUTH_MESSAGES.nameRequired))
  .pipe(z.string().refine(isStorableText, INVALID_CHARACTERS_MESSAGE).trim().min(1, AUTH_MESSAGES.nameRequired).max(AUTH_LIMITS.nameMax, AUTH_MESSAGES.nameTooLong))
  .meta({ minLength: 1, maxLength: AUTH_LIMITS.nameMax, examples: ['Reader'] });

/** The 6-digit code mailed at sign-up and for a password reset (surrounding spaces ignored; Arabic-Indic/Persian digits accepted). */
export const CODE_PATTERN = new RegExp(`^\\d{${AUTH_LIMITS.codeLength}}$`);
export const codeSchema = z
  .string(requiredOr(AUTH_MESSAGES.codeInvalid, AUTH_MESSAGES.codeInvalid))
  .pipe(z.string().trim().transform(toWesternDigits).pipe(z.string().regex(CODE_PATTERN, AUTH_MESSAGES.codeInvalid)))
  .meta({ pattern: `^\\s*[0-9\u0660-\u0669\u06F0-\u06F9]{${AUTH_LIMITS.codeLength}}\\s*$`, examples: ['123456'] });

export const refreshTokenSchema = z
  .string(requiredOr(AUTH_MESSAGES.refreshTokenInvalid, AUTH_MESSAGES.refreshTokenInvalid))
  .pipe(z.string().refine(isStorableText, AUTH_MESSAGES.refreshTokenInvalid).min(1, AUTH_MESSAGES.refreshTokenInvalid).max(AUTH_LIMITS.refreshTokenMax, AUTH_MESSAGES.refreshTokenInvalid))
  .meta({ minLength: 1, maxLength: AUTH_LIMITS.refreshTokenMax, examples: ['v1.Mr5Xo0d2lq3W'] });

// ---- request bodies ----

export const registerRequestSchema = z.object({ email: emailSchema, password: passwordSchema, name: nameSchema });
export const verifyEmailRequestSchema = z.object({ email: emailSchema, code: codeSchema });
export const emailOnlyRequestSchema = z.object({ email: emailSchema });
export const loginRequestSchema = z.object({ email: emailSchema, password: passwordSchema });
/** Admin sign-in; `remember` keeps the admin session 30 days instead of 12 hours. */
export const adminLoginRequestSchema = loginRequestSchema.extend({ remember: z.boolean().optional().default(false) });
export const refreshRequestSchema = z.object({ refreshToken: refreshTokenSchema });
export const logoutRequestSchema = z.object({ refreshToken: refreshTokenSchema.optional() });
export const verifyResetCodeRequestSchema = z.object({ email: emailSchema, code: codeSchema });
export const resetPasswordRequestSchema = z.object({ email: emailSchema, code: codeSchema, newPassword: passwordSchema });
export const updateProfileRequestSchema = z.object({ name: nameSchema });
/** PUT /public/auth/profile/settings: `notifyDecisions` turns the request-decision e-mails on or off. */
export const updateProfileSettingsRequestSchema = z.strictObject({ notifyDecisions: z.boolean() });
export const changePasswordRequestSchema = z.object({ currentPassword: currentPasswordSchema, newPassword: newPasswordSchema });

export type RegisterRequest = z.infer<typeof registerRequestSchema>;
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type AdminLoginRequest = z.input<typeof adminLoginRequestSchema>;
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

// ---- responses ----

/** The user as the API shows it: id (auth.users.id, the token's sub), email, display name. */
export const authUserSchema = z.object({ id: z.uuid(), email: z.string(), name: z.string() }).meta({
  id: 'AuthUser', description: 'A signed-in user.',
  examples: [{ id: '6f1c3a52-1d0e-4b8e-9a51-2f1f5d1e9c11', email: 'reader@example.com', name: 'Reader' }],
});

/**
 * A signed-in session: `token` is the access token (JWT, Bearer), `refreshToken` is single-use
 * (each refresh returns a new one), `expiresAt` is the access token's expiry in seconds since epoch.
 */
export const authSessionSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  expiresAt: z.number().int(),
  user: authUserSchema,
}).meta({
  id: 'AuthSession', description: 'A signed-in session: Bearer access token, single-use refresh token, expiry (seconds since epoch).',
  examples: [{
    token: 'eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl', refreshToken: 'v1.Mr5Xo0d2lq3W', expiresAt: 1767258000,
    user: { id: '6f1c3a52-1d0e-4b8e-9a51-2f1f5d1e9c11', email: 'reader@example.com', name: 'Reader' },
  }],
});
export type AuthSessionView = z.infer<typeof authSessionSchema>;

export const registerResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ email: z.string(), needsVerification: z.literal(true) }),
});
/**
 * Answers that only confirm (sign-out, code sent, password changed …): the uniform envelope with
 * `data.message` in the request's language; `message` repeats it for clients written before the
 * envelope was uniform (deprecated).
 */
export const messageResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ message: z.string().meta({ examples: ['Signed out'] }) }),
  message: z.string().meta({ deprecated: true, description: 'Same as data.message (kept for older clients)', examples: ['Signed out'] }),
});
/** The body of a confirming answer (see messageResponseSchema). */
export const messageAnswer = (text: string) => ({ success: true as const, data: { message: text }, message: text });

/** GET /public/auth/profile: memberSince is an ISO date-time; placesCount counts places the user added. */
export const profileSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  memberSince: z.string(),
  placesCount: z.number().int().min(0),
  /** The language of the user's mails (the one they signed up in). */
  locale: z.enum(['en', 'ar']),
  /** False when the user turned off the e-mails telling them their place requests were approved or rejected. */
  notifyDecisions: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/** GET /admin/auth/verify: the admin user read from a valid admin token. */
export const adminUserSchema = z.object({ id: z.uuid(), email: z.string() }).meta({
  id: 'AdminUser', description: 'An admin account.', examples: [{ id: '0b7f2f6e-3c1a-4f0e-8d2b-5a9c1e7d3f20', email: 'admin@example.com' }],
});
/** GET /admin/auth/verify: the envelope with the admin in `data`; `user` repeats it for older clients (deprecated). */
export const adminVerifyResponseSchema = z.object({
  success: z.literal(true),
  data: adminUserSchema,
  user: adminUserSchema.meta({ deprecated: true, description: 'Same as data (kept for older clients)' }),
});
