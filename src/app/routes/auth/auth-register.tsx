import { useTranslation } from 'react-i18next';
import { GuestOnly } from '../../../features/auth/components/page-guards.tsx';
import { RegisterForm } from '../../../features/auth/components/register-form.tsx';
import { AuthShell } from '../../layouts/auth-shell.tsx';
import '../../../lib/late-strings.ts';

/** /auth/register (and /ar): sign-up with name, email and password. */
export default function RegisterPage() {
  const { t } = useTranslation();
  return (
    <GuestOnly>
      <AuthShell title={t('auth.register.title')} description={t('auth.register.subtitle')}>
        <RegisterForm />
      </AuthShell>
    </GuestOnly>
  );
}
