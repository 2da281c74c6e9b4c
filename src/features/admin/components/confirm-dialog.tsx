import { Button, Dialog, Stack, Text } from '@chakra-ui/react';
import '../../../components/ui/late-recipes.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/ui/dialog-frame.tsx';

/**
 * A confirmation of an action that cannot be undone (delete confirmations warn so), as an
 * alertdialog with Cancel focused first. `onConfirm` runs the action; the dialog stays open (button
 * busy, showing `pendingLabel`, 'Deleting…' by default) while `pending`. `tone` 'brand' is for
 * non-destructive actions (approve all); the default is red.
 */
export function ConfirmDialog({ open, onOpenChange, title, children, confirmLabel, onConfirm, pending, pendingLabel, tone = 'danger', finalFocusEl, blocked }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  pendingLabel?: string;
  tone?: 'danger' | 'brand';
  /** Where focus goes on close when the opener may be gone (default: back to the opener). */
  finalFocusEl?: () => HTMLElement | null;
  /**
   * The action is refused in this state (e.g. a category still used by places): the body says why,
   * the confirm button is disabled, and `blocked` (another way forward, e.g. a link) sits beside Cancel.
   */
  blocked?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title={title} root={{ role: 'alertdialog', finalFocusEl }} closeButton={false}>
      <Dialog.Body>
        <Stack gap="2">
          {children}
          {!blocked && <Text fontWeight="medium" color={{ _light: 'red.700', _dark: 'red.300' }}>{t('common.cannotBeUndone')}</Text>}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" disabled={pending}>{t('common.cancel')}</Button>
        </Dialog.ActionTrigger>
        {blocked}
        <Button colorPalette={tone === 'danger' ? 'red' : 'brand'} onClick={onConfirm} loading={pending} loadingText={pendingLabel ?? t('common.deleting')} disabled={!!blocked}>
          {confirmLabel}
        </Button>
      </Dialog.Footer>
    </DialogFrame>
  );
}
