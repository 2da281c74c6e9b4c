import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AppLink } from '../../../components/ui/link.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';
import { ApiError } from '../../../lib/api-client-error.ts';
import { STORAGE_KEYS } from '../../../lib/storage-keys.ts';
import { useForgotPasswordMutation, useResetPasswordMutation, useVerifyResetCodeMutation } from '../api/password-reset.ts';
import { describeAuthError } from '../auth-errors.ts';
import { codeFormSchema, emailFormSchema, newPasswordFormSchema, type CodeForm, type EmailForm, type NewPasswordForm } from '../auth-forms.ts';
import { useCooldown } from '../use-cooldown.ts';
import { LIMITS } from '../../../shared/schemas/common-schemas.ts';
import { CodeInput } from './code-input.tsx';
import { FormAlert, useAuthErrorText } from './form-alert.tsx';
import { FormField } from './form-field.tsx';
import { FormStack } from './form-stack.tsx';
import { PasswordInput } from './password-input.tsx';
import '../../../lib/late-strings.ts';

type Step = 'email' | 'code' | 'password';
const STEP_NUMBER: Record<Step, number> = { email: 1, code: 2, password: 3 };

/** State handed to the login page after a successful reset. */
export interface PasswordResetDone {
  passwordReset: true;
  email: string;
}

function StepEmail({ defaultEmail, onSent }: { defaultEmail: string; onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const { localize } = usePreferences();
  const send = useForgotPasswordMutation();
  const errorText = useAuthErrorText();
  const form = useForm<EmailForm>({ resolver: zodResolver(emailFormSchema), defaultValues: { email: defaultEmail } });
  const onSubmit = form.handleSubmit(({ email }) => send.mutate({ email: email.trim().toLowerCase() }, { onSuccess: () => onSent(email.trim().toLowerCase()) }));
  return (
    <FormStack gap="5" onSubmit={onSubmit} busy={send.isPending}>
      <Text color="fg.muted">{t('auth.reset.emailIntro')}</Text>
      {send.isError && <FormAlert status="error">{errorText(describeAuthError(send.error))}</FormAlert>}
      <FormField label={t('auth.fields.email')} error={form.formState.errors.email?.message} required>
        <Input type="email" autoComplete="email" dir="ltr" {...form.register('email')} />
      </FormField>
      <Button type="submit" colorPalette="brand" size="lg" loading={send.isPending} loadingText={t('auth.reset.sending')}>
        {t('auth.reset.sendCode')}
      </Button>
      <Text textAlign="center" fontSize="sm">
        <AppLink to={localize('/auth/login')} color="brand.fg">{t('auth.reset.backToLogin')}</AppLink>
      </Text>
    </FormStack>
  );
}

function StepCode({ email, onVerified, onChangeEmail }: { email: string; onVerified: (code: string) => void; onChangeEmail: () => void }) {
  const { t } = useTranslation();
  const verify = useVerifyResetCodeMutation();
  const resend = useForgotPasswordMutation();
  const cooldown = useCooldown(LIMITS.resendCodeCooldownSeconds);
  const errorText = useAuthErrorText();
  const form = useForm<CodeForm>({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } });
  const onSubmit = form.handleSubmit(({ code }) => verify.mutate({ email, code: code.trim() }, { onSuccess: () => onVerified(code.trim()) }));
  const startCooldown = cooldown.start;
  useEffect(() => startCooldown(), [startCooldown]);
  return (
    <FormStack gap="5" onSubmit={onSubmit} busy={verify.isPending}>
      <FormAlert status="info">{t('auth.reset.codeSent')}</FormAlert>
      <Text color="fg.muted" textAlign="center">
        {t('auth.reset.codeIntro')}
        <Text as="span" display="block" dir="ltr" fontWeight="semibold" color="fg" wordBreak="break-all">{email}</Text>
      </Text>
      {verify.isError && <FormAlert status="error">{errorText(describeAuthError(verify.error))}</FormAlert>}
      {resend.isError && <FormAlert status="error">{errorText(describeAuthError(resend.error))}</FormAlert>}
      <FormField label={t('auth.fields.code')} error={form.formState.errors.code?.message} helper={t('auth.codeHint')} required>
        <Controller
          control={form.control}
          name="code"
          render={({ field }) => <CodeInput ref={field.ref} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} autoFocus />}
        />
      </FormField>
      <Button type="submit" colorPalette="brand" size="lg" loading={verify.isPending} loadingText={t('auth.reset.verifying')}>
        {t('auth.reset.verifyCode')}
      </Button>
      <HStack justify="space-between" fontSize="sm" wrap="wrap" gap="2">
        <Button variant="plain" size="sm" color="brand.fg" px="1" onClick={onChangeEmail}>{t('auth.reset.changeEmail')}</Button>
        <Button
          variant="plain"
          size="sm"
          color="brand.fg"
          px="1"
          loading={resend.isPending}
          disabled={cooldown.left > 0}
          onClick={() => { verify.reset(); resend.mutate({ email }, { onSuccess: () => cooldown.start() }); }}
        >
          {cooldown.left > 0 ? t('auth.resendIn', { count: cooldown.left }) : t('auth.resendCode')}
        </Button>
      </HStack>
    </FormStack>
  );
}

function StepPassword({ email, code, onDone, onCodeRejected }: { email: string; code: string; onDone: () => void; onCodeRejected: () => void }) {
  const { t } = useTranslation();
  const reset = useResetPasswordMutation();
  const errorText = useAuthErrorText();
  const form = useForm<NewPasswordForm>({ resolver: zodResolver(newPasswordFormSchema), defaultValues: { newPassword: '', confirmPassword: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ newPassword }) => reset.mutate({ email, code, newPassword }, { onSuccess: onDone }));
  const codeRejected = reset.error instanceof ApiError && (reset.error.code === 'invalid_code' || reset.error.code === 'code_attempts_exceeded');
  return (
    <FormStack gap="5" onSubmit={onSubmit} busy={reset.isPending}>
      <Text color="fg.muted">{t('auth.reset.passwordIntro')}</Text>
      {reset.isError && (
        <FormAlert status="error" action={codeRejected ? <Button size="sm" variant="outline" onClick={onCodeRejected}>{t('auth.reset.newCode')}</Button> : undefined}>
          {errorText(describeAuthError(reset.error))}
        </FormAlert>
      )}
      <FormField label={t('auth.fields.newPassword')} error={errors.newPassword?.message} helper={t('auth.passwordHint')} required>
        <PasswordInput autoComplete="new-password" autoFocus {...form.register('newPassword')} />
      </FormField>
      <FormField label={t('auth.fields.confirmPassword')} error={errors.confirmPassword?.message} required>
        <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <Button type="submit" colorPalette="brand" size="lg" loading={reset.isPending} loadingText={t('auth.reset.saving')}>
        {t('auth.reset.save')}
      </Button>
    </FormStack>
  );
}

interface ResetProgress {
  step: Step;
  email: string;
  code: string;
}

/** The step kept for this tab's session (sessionStorage), or the first step. */
function readProgress(): ResetProgress {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.passwordReset) ?? 'null') as Partial<ResetProgress> | null;
    if (saved && (saved.step === 'code' || saved.step === 'password') && typeof saved.email === 'string' && saved.email) {
      const code = typeof saved.code === 'string' ? saved.code : '';
      return { step: saved.step === 'password' && !code ? 'code' : saved.step, email: saved.email, code };
    }
  } catch {
    // unreadable or unavailable storage: start over
  }
  return { step: 'email', email: '', code: '' };
}

function writeProgress(progress: ResetProgress | null) {
  try {
    if (!progress || progress.step === 'email') sessionStorage.removeItem(STORAGE_KEYS.passwordReset);
    else sessionStorage.setItem(STORAGE_KEYS.passwordReset, JSON.stringify(progress));
  } catch {
    // storage full or blocked: the flow still works, only a reload starts over
  }
}

/**
 * Password reset: enter email → send code ('If the email exists, a reset code has been sent')
 * → verify the 6-digit code → new password → back to login, where a success notice is shown. The step
 * reached (e-mail, verified code) is kept in sessionStorage for the tab's session, so a reload continues
 * there (issue #17); it is forgotten when the password is set.
 */
export function ResetPasswordFlow() {
  const { t } = useTranslation();
  const { localize } = usePreferences();
  const navigate = useNavigate();
  const [initial] = useState(readProgress);
  const [step, setStep] = useState<Step>(initial.step);
  const [email, setEmail] = useState(initial.email);
  const [code, setCode] = useState(initial.code);
  useEffect(() => writeProgress({ step, email, code: step === 'password' ? code : '' }), [step, email, code]);
  const stepLabel = useRef<HTMLParagraphElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (step === 'email') stepLabel.current?.focus();
  }, [step]);

  return (
    <Stack gap="4">
      <Text ref={stepLabel} tabIndex={-1} fontSize="sm" color="fg.muted" fontWeight="medium" outline="none" aria-live="polite">
        {t('auth.reset.step', { step: STEP_NUMBER[step], total: 3 })}
      </Text>
      {step === 'email' && <StepEmail defaultEmail={email} onSent={(e) => { setEmail(e); setStep('code'); }} />}
      {step === 'code' && <StepCode email={email} onVerified={(c) => { setCode(c); setStep('password'); }} onChangeEmail={() => setStep('email')} />}
      {step === 'password' && (
        <StepPassword
          email={email}
          code={code}
          onCodeRejected={() => setStep('code')}
          onDone={() => {
            writeProgress(null);
            navigate(localize('/auth/login'), { state: { passwordReset: true, email } satisfies PasswordResetDone });
          }}
        />
      )}
    </Stack>
  );
}
