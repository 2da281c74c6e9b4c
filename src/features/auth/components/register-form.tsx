import { Button, Input, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { AppLink } from '../../../components/ui/link.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';
import { registerRequestSchema } from '../../../shared/schemas/auth-schemas.ts';
import { useRegisterMutation } from '../api/register.ts';
import { describeAuthError } from '../auth-errors.ts';
import { withRedirect } from '../redirect.ts';
import { FormAlert, useAuthErrorText } from './form-alert.tsx';
import { FormField } from './form-field.tsx';
import { FormStack } from './form-stack.tsx';
import { PasswordInput } from './password-input.tsx';
import '../../../lib/late-strings.ts';

type Values = { name: string; email: string; password: string };

/**
 * Sign-up {name, email, password}: on success a 6-digit code is mailed and the user goes
 * to /auth/verify-email with the address (kept in history state, not in the URL).
 */
export function RegisterForm() {
  const { t } = useTranslation();
  const { localize } = usePreferences();
  const location = useLocation();
  const navigate = useNavigate();
  const register = useRegisterMutation();
  const errorText = useAuthErrorText();
  const form = useForm<Values>({ resolver: zodResolver(registerRequestSchema), defaultValues: { name: '', email: '', password: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    register.mutate(values, {
      onSuccess: (data) => navigate(withRedirect(localize('/auth/verify-email'), location.search), { state: { email: data.email, sent: true } }),
    }),
  );

  return (
    <FormStack gap="5" onSubmit={onSubmit} busy={register.isPending}>
      {register.isError && <FormAlert status="error">{errorText(describeAuthError(register.error))}</FormAlert>}
      <FormField label={t('auth.fields.name')} error={errors.name?.message} required>
        <Input autoComplete="name" {...form.register('name')} />
      </FormField>
      <FormField label={t('auth.fields.email')} error={errors.email?.message} required>
        <Input type="email" autoComplete="email" dir="ltr" {...form.register('email')} />
      </FormField>
      <FormField label={t('auth.fields.password')} error={errors.password?.message} helper={t('auth.passwordHint')} required>
        <PasswordInput autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" colorPalette="brand" size="lg" loading={register.isPending} loadingText={t('auth.register.submitting')}>
        {t('auth.register.submit')}
      </Button>
      <Text textAlign="center" fontSize="sm" color="fg.muted">
        {t('auth.register.haveAccount')}{' '}
        <AppLink to={withRedirect(localize('/auth/login'), location.search)} color="brand.fg" fontWeight="semibold">{t('auth.register.login')}</AppLink>
      </Text>
    </FormStack>
  );
}
