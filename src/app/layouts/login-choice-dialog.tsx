import { Button, Dialog, Text } from '@chakra-ui/react';
import '../../components/ui/late-recipes.ts';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { publicLoginPath, REDIRECT_PARAM } from '../../features/auth/redirect.ts';
import { usePreferences } from '../../lib/preferences.tsx';
import { withAddPlace } from './add-place-link.ts';
import { DialogDismissButton } from '../../components/ui/dialog-close-button.tsx';
import { DialogFrame } from '../../components/ui/dialog-frame.tsx';

/**
 * Signed out: 'Please login or create an account to add a place' with Login, Create Account, Cancel.
 * Both keep this page (with `addPlace=1`) as where to come back: signed in, the form opens there.
 */
export default function LoginChoiceDialog({ open, onOpenChange: setOpen }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const { localize, lang } = usePreferences();
  const navigate = useNavigate();
  const location = useLocation();
  const back = withAddPlace(`${location.pathname}${location.search}`);
  return (
    <DialogFrame open={open} onOpenChange={setOpen} title={t('addPlace.title')} root={{ role: 'alertdialog' }}>
      <Dialog.Body>
        <Text>{t('addPlace.loginPrompt')}</Text>
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap">
        <DialogDismissButton>{t('app.cancel')}</DialogDismissButton>
        <Button variant="outline" onClick={() => { setOpen(false); navigate(`${localize('/auth/register')}?${REDIRECT_PARAM}=${encodeURIComponent(back)}`); }}>
          {t('nav.createAccount')}
        </Button>
        <Button colorPalette="brand" onClick={() => { setOpen(false); navigate(publicLoginPath(lang, back)); }}>
          {t('nav.login')}
        </Button>
      </Dialog.Footer>
    </DialogFrame>
  );
}
