import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthErrorText } from '../auth-errors.ts';

/** A form-level message: errors are `role="alert"` (announced at once), notices `role="status"`. */
export function FormAlert({ status, children, action }: { status: 'error' | 'success' | 'info'; children: ReactNode; action?: ReactNode }) {
  return (
    <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'} borderRadius="md" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
      {action}
    </Alert.Root>
  );
}

/** Text of a described auth error (our key translated, or the server's localised message). */
export function useAuthErrorText() {
  const { t } = useTranslation();
  return (described: AuthErrorText | null) => (described ? ('key' in described ? t(described.key) : described.text) : null);
}
