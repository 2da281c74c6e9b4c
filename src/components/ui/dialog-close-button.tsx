import { Button, CloseButton, Dialog } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './late-recipes.ts';

/** The × in a dialog's corner (Chakra's `Dialog.CloseTrigger`), named "Close" in the page's language for screen readers. */
export function DialogCloseButton() {
  const { t } = useTranslation();
  return (
    <Dialog.CloseTrigger asChild>
      <CloseButton size="sm" aria-label={t('app.close')} />
    </Dialog.CloseTrigger>
  );
}

/**
 * The footer's quiet button that closes the dialog without acting (Cancel, Close: `children`), a
 * `Dialog.ActionTrigger`; a `type="button"` (Chakra's default), so that inside a form it never submits it.
 */
export function DialogDismissButton({ children }: { children: ReactNode }) {
  return (
    <Dialog.ActionTrigger asChild>
      <Button variant="ghost">{children}</Button>
    </Dialog.ActionTrigger>
  );
}
