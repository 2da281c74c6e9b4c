import { Button, type ButtonProps } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { loadWhenOnline } from '../../lib/network-status.ts';
import { useSession } from '../../lib/session.ts';
import { ADD_PLACE_PARAM } from './add-place-link.ts';

// offline, a dialog's script waits for the network (the network notice says so) instead of failing the page
const AddPlaceDialog = lazy(() => loadWhenOnline(() => import('./add-place-dialog-loader.ts').then((m) => m.loadAddPlaceDialog())));
const LoginChoiceDialog = lazy(() => loadWhenOnline(() => import('./login-choice-dialog.tsx')));

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

/**
 * Reopens the add-place form on a page whose URL says `addPlace=1` once the user is signed in (issue
 * #17: sign-in started from "Add place" returns to where the person was, with the form open). The
 * parameter is removed at once (replace), so Back or a reload does not reopen it.
 */
export function AddPlaceFromLink() {
  const { user } = useSession('public');
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const asked = params.get(ADD_PLACE_PARAM) === '1';
  useEffect(() => {
    if (!asked || !user) return;
    setOpen(true);
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.delete(ADD_PLACE_PARAM);
      return next;
    }, { replace: true });
  }, [asked, user, setParams]);
  return open ? <Suspense fallback={null}><AddPlaceDialog open={open} onOpenChange={setOpen} /></Suspense> : null;
}
