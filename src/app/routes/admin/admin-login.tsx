import { Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/ui/page-spinner.tsx';
import { useAdminAuth } from '../../../features/auth/admin/admin-auth-store.ts';
import { AdminLoginForm } from '../../../features/auth/components/admin-login-form.tsx';
import { REDIRECT_PARAM, localizeTarget, safeRedirectPath } from '../../../features/auth/redirect.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { AuthShell } from '../../layouts/auth-shell.tsx';
import '../../../lib/late-strings.ts';

/** /admin/login (and /ar): admin sign-in without navigation or footer; signed-in admins go to /admin. */
export default function AdminLoginPage() {
  const { t } = useTranslation('admin');
  const { lang } = usePreferences();
  const location = useLocation();
  const auth = useAdminAuth();
  if (auth.status === 'loading') return <PageSpinner />;
  if (auth.status === 'authenticated') {
    const origin = safeRedirectPath(new URLSearchParams(location.search).get(REDIRECT_PARAM), 'admin');
    return <Navigate to={localizeTarget(origin ?? '/admin', lang)} replace />;
  }
  return (
    <AuthShell title={t('auth.title')} description={t('auth.subtitle')}>
      <AdminLoginForm />
    </AuthShell>
  );
}
