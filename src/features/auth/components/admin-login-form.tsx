import { Button, Checkbox, Input } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { loginRequestSchema } from '../../../shared/schemas/auth.ts';
import { useAdminAuth } from '../admin/admin-auth.ts';
import { FormField } from './form-field.tsx';
import { FormStack } from './form-stack.tsx';
import { PasswordInput } from './password-input.tsx';

type Values = { email: string; password: string; remember: boolean };
const schema = loginRequestSchema.extend({ remember: z.boolean() });

/**
 * Admin sign-in {email, password, remember}: remember keeps the admin token in persistent
 * storage, else for this browser session. A failed sign-in shows no message — the form is
 * simply ready again, with the focus back on the password.
 */
export function AdminLoginForm() {
  const { t } = useTranslation('admin');
  const auth = useAdminAuth();
  const [pending, setPending] = useState(false);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '', password: '', remember: false } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async ({ email, password, remember }) => {
    setPending(true);
    const ok = await auth.login(email, password, remember);
    setPending(false);
    if (!ok) form.setFocus('password', { shouldSelect: true });
  });

  return (
    <FormStack gap="5" onSubmit={onSubmit} busy={pending}>
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
