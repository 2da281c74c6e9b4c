import { CloseButton, Dialog } from '@chakra-ui/react';
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
