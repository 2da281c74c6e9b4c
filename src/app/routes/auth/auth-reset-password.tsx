import { useTranslation } from 'react-i18next';
import { GuestOnly } from '../../../features/auth/components/page-guards.tsx';
import { ResetPasswordFlow } from '../../../features/auth/components/reset-password-flow.tsx';
import { AuthShell } from '../../layouts/auth-shell.tsx';
import '../../../lib/late-strings.ts';

/** /auth/reset-password (and /ar): email → code → new password → back to login. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <GuestOnly>
      <AuthShell title={t('auth.reset.title')}>
        <ResetPasswordFlow />
      </AuthShell>
    </GuestOnly>
  );
}
