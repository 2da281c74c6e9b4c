import { Button, Checkbox, Input } from '@chakra-ui/react';
import '../../../components/ui/late-recipes.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { loginRequestSchema } from '../../../shared/schemas/auth-schemas.ts';
import { useAdminAuth } from '../admin/admin-auth-store.ts';
import type { AdminLoginFailure } from '../admin/admin-auth-machine.ts';
import { FormAlert } from './form-alert.tsx';
import { FormField } from './form-field.tsx';
import { FormStack } from './form-stack.tsx';
import { PasswordInput } from './password-input.tsx';
import '../../../lib/late-strings.ts';

type Values = { email: string; password: string; remember: boolean };
const schema = loginRequestSchema.extend({ remember: z.boolean() });

/**
 * Admin sign-in {email, password, remember}: remember keeps the admin token in persistent
 * storage, else for this browser session. A failed sign-in says why next to the form (role=alert, in the
 * page's language; issue #17): 'Invalid credentials' as on the public
 * sign-in (the same for an unknown e-mail and a wrong password), or the wait after too many tries. The
 * typed e-mail stays, the button is ready again and the focus goes back to the password.
 */
export function AdminLoginForm() {
  const { t } = useTranslation('admin');
  const auth = useAdminAuth();
  const { t: tc } = useTranslation();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<AdminLoginFailure | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '', password: '', remember: false } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async ({ email, password, remember }) => {
    setPending(true);
    setFailure(null);
    const failed = await auth.login(email, password, remember);
    setPending(false);
    setFailure(failed);
    if (failed) form.setFocus('password', { shouldSelect: true });
  });

  return (
    <FormStack gap="5" onSubmit={onSubmit} busy={pending}>
      {failure && <FormAlert status="error">{failureText(failure, tc)}</FormAlert>}
      <FormField label={t('auth.email')} error={errors.email?.message} required>
        <Input type="email" autoComplete="username" dir="ltr" {...form.register('email')} />
      </FormField>
      <FormField label={t('auth.password')} error={errors.password?.message} required>
        <PasswordInput autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <Controller
        control={form.control}
        name="remember"
        render={({ field }) => (
          <Checkbox.Root checked={field.value} onCheckedChange={(e) => field.onChange(e.checked === true)} colorPalette="brand">
            <Checkbox.HiddenInput name={field.name} onBlur={field.onBlur} />
            <Checkbox.Control />
            <Checkbox.Label>{t('auth.remember')}</Checkbox.Label>
          </Checkbox.Root>
        )}
      />
      <Button type="submit" colorPalette="brand" size="lg" loading={pending} loadingText={t('auth.signingIn')}>
        {t('auth.signIn')}
      </Button>
    </FormStack>
  );
}

/** The sentence for a failed admin sign-in (common namespace: the public sign-in's texts). */
function failureText(failure: AdminLoginFailure, t: (key: string, values?: Record<string, unknown>) => string): string {
  if (failure.reason === 'invalidCredentials') return t('auth.errors.invalidCredentials');
  if (failure.reason === 'rateLimited') {
    return failure.retryAfterSeconds ? t('auth.errors.tooManyTriesWait', { count: Math.max(1, Math.ceil(failure.retryAfterSeconds / 60)) }) : t('auth.errors.tooManyTries');
  }
  return t('auth.errors.generic');
}
