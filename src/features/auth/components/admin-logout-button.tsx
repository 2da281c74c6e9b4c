import { Icon, IconButton, type IconButtonProps } from '@chakra-ui/react';
import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAdminAuth } from '../admin/admin-auth-store.ts';
import '../../../lib/late-strings.ts';

/** The admin header's logout: clears the admin token, ends the server session, goes to /admin/login. */
export function AdminLogoutButton(props: Omit<IconButtonProps, 'aria-label' | 'onClick'>) {
  const { t } = useTranslation('admin');
  const { logout } = useAdminAuth();
  return (
    <IconButton variant="ghost" size="sm" aria-label={t('auth.logout')} onClick={logout} {...props}>
      {/* the arrow points out of the page's reading direction: mirrored in RTL */}
      <Icon asChild _rtl={{ transform: 'scaleX(-1)' }}><LogOut /></Icon>
    </IconButton>
  );
}
