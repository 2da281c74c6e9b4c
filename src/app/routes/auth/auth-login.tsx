import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { GuestOnly } from '../../../features/auth/components/page-guards.tsx';
import { LoginForm } from '../../../features/auth/components/login-form.tsx';
import { AuthShell } from '../../layouts/auth-shell.tsx';
import '../../../lib/late-strings.ts';

/** /auth/login (and /ar): public sign-in; after a password reset it greets with a success notice. */
export default function LoginPage() {
  const { t } = useTranslation();
  const state = useLocation().state as { passwordReset?: boolean; email?: string } | null;
  return (
    <GuestOnly>
      <AuthShell title={t('auth.login.title')} description={t('auth.login.subtitle')}>
        <LoginForm initialEmail={state?.email} notice={state?.passwordReset ? t('auth.reset.done') : undefined} />
      </AuthShell>
    </GuestOnly>
  );
}
