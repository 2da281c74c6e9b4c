import { Button, Input, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { AppLink } from '../../../components/ui/link.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';
import { loginRequestSchema } from '../../../shared/schemas/auth-schemas.ts';
import { useLoginMutation } from '../api/login.ts';
import { describeAuthError, isEmailNotVerified } from '../auth-errors.ts';
import { withRedirect } from '../redirect.ts';
import { FormAlert, useAuthErrorText } from './form-alert.tsx';
import { FormField } from './form-field.tsx';
import { FormStack } from './form-stack.tsx';
import { PasswordInput } from './password-input.tsx';
import '../../../lib/late-strings.ts';

type Values = { email: string; password: string };

/**
 * Public sign-in: valid email, password ≥ 6; 'Invalid credentials' or 'Something went
 * wrong. Please try again.' on failure; an unverified address is offered its code screen. On success
 * the session is stored and the page's guest guard sends the user on (kept origin or home).
 */
export function LoginForm({ initialEmail, notice }: { initialEmail?: string; notice?: string }) {
  const { t } = useTranslation();
  const { localize } = usePreferences();
  const location = useLocation();
  const navigate = useNavigate();
  const login = useLoginMutation();
  const errorText = useAuthErrorText();
  const form = useForm<Values>({ resolver: zodResolver(loginRequestSchema), defaultValues: { email: initialEmail ?? '', password: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => login.mutate(values));
  const unverified = login.isError && isEmailNotVerified(login.error);

  return (
    <FormStack gap="5" onSubmit={onSubmit} busy={login.isPending}>
      {notice && !login.isError && <FormAlert status="success">{notice}</FormAlert>}
      {login.isError && (
        <FormAlert
          status="error"
          action={unverified ? (
            <Button size="sm" variant="outline" onClick={() => navigate(withRedirect(localize('/auth/verify-email'), location.search), { state: { email: form.getValues('email') } })}>
              {t('auth.verify.enterCode')}
            </Button>
          ) : undefined}
        >
          {errorText(describeAuthError(login.error))}
        </FormAlert>
      )}
      <FormField label={t('auth.fields.email')} error={errors.email?.message} required>
        <Input type="email" autoComplete="email" dir="ltr" {...form.register('email')} />
      </FormField>
      <FormField label={t('auth.fields.password')} error={errors.password?.message} required>
        <PasswordInput autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <Text textAlign="end" fontSize="sm" mt="-2">
        <AppLink to={localize('/auth/reset-password')} color="brand.fg">{t('auth.login.forgotPassword')}</AppLink>
      </Text>
      <Button type="submit" colorPalette="brand" size="lg" loading={login.isPending} loadingText={t('auth.login.submitting')}>
        {t('auth.login.submit')}
      </Button>
      <Text textAlign="center" fontSize="sm" color="fg.muted">
        {t('auth.login.noAccount')}{' '}
        <AppLink to={withRedirect(localize('/auth/register'), location.search)} color="brand.fg" fontWeight="semibold">{t('auth.login.createAccount')}</AppLink>
      </Text>
    </FormStack>
  );
}
