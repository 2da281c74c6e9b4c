import { Button, type ButtonProps } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session.ts';

const AddPlaceDialog = lazy(() => import('./add-place-dialog.tsx'));
const LoginChoiceDialog = lazy(() => import('./login-choice-dialog.tsx'));

/**
 * 'Add Place': signed-in users get the add-place form; signed-out visitors get the choice of
 * Login, Create Account or Cancel.
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
        used && <Suspense fallback={null}><LoginChoiceDialog open={open} onOpenChange={setOpen} /></Suspense>
      )}
    </>
  );
}
