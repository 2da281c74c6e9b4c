import { Button, CloseButton, Dialog, Portal, Text, type ButtonProps } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePreferences } from '../../lib/preferences.tsx';
import { useSession } from '../../lib/session.ts';

const AddPlaceDialog = lazy(() => import('./add-place-dialog.tsx'));

/**
 * 'Add Place': signed-in users get the add-place form; signed-out visitors get the choice of
 * Login, Create Account or Cancel (spec §2).
 */
export function AddPlaceButton({ label, ...props }: ButtonProps & { label?: string }) {
  const { t } = useTranslation();
  const { user } = useSession('public');
  const [open, setOpen] = useState(false);
  // The dialogs mount on first use (the form's choices load then) and stay, so closing can animate.
  const [used, setUsed] = useState(false);
  const button = (
    <Button colorPalette="brand" size="sm" {...props} onClick={() => { setUsed(true); setOpen(true); }} aria-haspopup="dialog">
      <Plus aria-hidden /> {label ?? t('nav.addPlace')}
    </Button>
  );
  return (
    <>
      {button}
      {user ? (
        used && <Suspense fallback={null}><AddPlaceDialog open={open} onOpenChange={setOpen} /></Suspense>
      ) : (
        used && <LoginChoiceDialog open={open} onOpenChange={setOpen} />
      )}
    </>
  );
}

/** Signed out: 'Please login or create an account to add a place' with Login, Create Account, Cancel. */
function LoginChoiceDialog({ open, onOpenChange: setOpen }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const { localize } = usePreferences();
  const navigate = useNavigate();
  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="center" role="alertdialog">
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
