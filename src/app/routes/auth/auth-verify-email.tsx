import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { GuestOnly } from '../../../features/auth/components/page-guards.tsx';
import { VerifyEmailForm } from '../../../features/auth/components/verify-email-form.tsx';
import { AuthShell } from '../../layouts/auth-shell.tsx';
import '../../../lib/late-strings.ts';

/** /auth/verify-email (and /ar): the 6-digit code from the sign-up mail; the address comes from history state. */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const state = useLocation().state as { email?: string } | null;
  const email = typeof state?.email === 'string' ? state.email : undefined;
  return (
    <GuestOnly>
      <AuthShell title={t('auth.verify.title')} description={t('auth.verify.subtitle')}>
        <VerifyEmailForm email={email} />
      </AuthShell>
    </GuestOnly>
  );
}
