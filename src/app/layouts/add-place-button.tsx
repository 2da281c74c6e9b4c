import { Button, CloseButton, Dialog, Portal, Text, type ButtonProps } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePreferences } from '../../lib/preferences.tsx';
import { useSession } from '../../lib/session.ts';

/**
 * 'Add Place': signed-in users get the add-place form; signed-out visitors get the choice of
 * Login, Create Account or Cancel (spec §2).
 */
export function AddPlaceButton({ label, ...props }: ButtonProps & { label?: string }) {
  const { t } = useTranslation();
  const { user } = useSession('public');
  const { localize } = usePreferences();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="center" role={user ? 'dialog' : 'alertdialog'}>
      <Dialog.Trigger asChild>
        <Button colorPalette="brand" size="sm" {...props}>
          <Plus aria-hidden /> {label ?? t('nav.addPlace')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{t('addPlace.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t('addPlace.loginPrompt')}</Text>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Dialog.ActionTrigger asChild>
                <Button variant="ghost">{t('app.cancel')}</Button>
              </Dialog.ActionTrigger>
              <Button variant="outline" onClick={() => { setOpen(false); navigate(localize('/auth/register')); }}>
                {t('nav.createAccount')}
              </Button>
              <Button colorPalette="brand" onClick={() => { setOpen(false); navigate(localize('/auth/login')); }}>
                {t('nav.login')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('app.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
