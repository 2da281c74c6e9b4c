import { Button, HStack, Input, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { toaster } from '../../../components/ui/toaster.tsx';
import { codeSchema, emailSchema } from '../../../shared/schemas/auth-schemas.ts';
import { useResendCodeMutation } from '../api/resend-code.ts';
import { useVerifyEmailMutation } from '../api/verify-email.ts';
import { describeAuthError } from '../auth-errors.ts';
import { useCooldown } from '../use-cooldown.ts';
import { LIMITS } from '../../../shared/schemas/common-schemas.ts';
import { CodeInput } from './code-input.tsx';
import { FormAlert, useAuthErrorText } from './form-alert.tsx';
import { FormField } from './form-field.tsx';
import { FormStack } from './form-stack.tsx';
import '../../../lib/late-strings.ts';

const schema = z.object({ email: emailSchema, code: codeSchema });
type Values = { email: string; code: string };

/** Seconds before another code may be asked for (the server refuses sooner ones: one mail per cooldown). */
const RESEND_COOLDOWN_S = LIMITS.resendCodeCooldownSeconds;

/**
 * Email verification: the 6-digit code from the sign-up mail, with "Resend code". The address
 * comes from the sign-up screen; without it (page reloaded, link opened later) the user types it.
 * Success signs the user in; the page's guest guard then sends them on.
 */
export function VerifyEmailForm({ email: knownEmail }: { email?: string }) {
  const { t } = useTranslation();
  const verify = useVerifyEmailMutation();
  const resend = useResendCodeMutation();
  const cooldown = useCooldown(RESEND_COOLDOWN_S);
  const errorText = useAuthErrorText();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: knownEmail ?? '', code: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    verify.mutate(values, { onSuccess: () => toaster.create({ type: 'success', title: t('auth.verify.success') }) }),
  );
  const onResend = async () => {
    const valid = await form.trigger('email');
    if (!valid) return;
    verify.reset();
    resend.mutate({ email: form.getValues('email') }, { onSuccess: () => cooldown.start() });
  };

  return (
    <FormStack gap="5" onSubmit={onSubmit} busy={verify.isPending}>
      {knownEmail && (
        <Text color="fg.muted" textAlign="center">
          {t('auth.verify.sentTo')}
          <Text as="span" display="block" dir="ltr" fontWeight="semibold" color="fg" wordBreak="break-all">{knownEmail}</Text>
        </Text>
      )}
      {verify.isError && <FormAlert status="error">{errorText(describeAuthError(verify.error))}</FormAlert>}
      {resend.isError && <FormAlert status="error">{errorText(describeAuthError(resend.error))}</FormAlert>}
      {resend.isSuccess && !verify.isError && <FormAlert status="success">{t('auth.verify.resent')}</FormAlert>}
      {!knownEmail && (
        <FormField label={t('auth.fields.email')} error={errors.email?.message} required>
          <Input type="email" autoComplete="email" dir="ltr" {...form.register('email')} />
        </FormField>
      )}
      <FormField label={t('auth.fields.code')} error={errors.code?.message} helper={t('auth.codeHint')} required>
        <Controller
          control={form.control}
          name="code"
          render={({ field }) => <CodeInput ref={field.ref} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} autoFocus={!!knownEmail} />}
        />
      </FormField>
      <Button type="submit" colorPalette="brand" size="lg" loading={verify.isPending} loadingText={t('auth.verify.submitting')}>
        {t('auth.verify.submit')}
      </Button>
      <HStack justify="center" gap="1" fontSize="sm" color="fg.muted" wrap="wrap">
        <Text>{t('auth.verify.noCode')}</Text>
        <Button variant="plain" size="sm" color="brand.fg" px="1" onClick={onResend} loading={resend.isPending} disabled={cooldown.left > 0}>
          {cooldown.left > 0 ? t('auth.resendIn', { count: cooldown.left }) : t('auth.resendCode')}
        </Button>
      </HStack>
    </FormStack>
  );
}
