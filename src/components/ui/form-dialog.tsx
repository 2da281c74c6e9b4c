import { Button, Dialog, Stack, Text } from '@chakra-ui/react';
import './late-recipes.ts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogDismissButton } from './dialog-close-button.tsx';
import { DialogFrame } from './dialog-frame.tsx';

/**
 * A modal form (create/edit dialogs of the admin console and of contributors): title, fields, Cancel and Save. Save shows
 * the saving label and is disabled while `pending` (or `submitDisabled`); Escape, a click outside, Close
 * and Cancel close — at once when the form is unchanged, after "Discard your changes?" when `dirty`
 * (issue #17: typed data is not lost silently). A caller closing it itself (after a save) is not asked.
 */
export function FormDialog({ open, onOpenChange, title, onSubmit, pending, submitDisabled, submitLabel, submitColorPalette = 'brand', pendingLabel, finalFocusEl, size = 'md', dirty = false, children }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  pending?: boolean;
  submitDisabled?: boolean;
  submitLabel?: string;
  /** 'red' for a destructive submit (reject). */
  submitColorPalette?: 'brand' | 'red';
  /** Shown on the busy submit button instead of 'Saving…'. */
  pendingLabel?: string;
  /** Where focus goes on close when the opener may be gone (default: back to the opener). */
  finalFocusEl?: () => HTMLElement | null;
  size?: 'md' | 'lg' | 'xl';
  /** The form differs from what it opened with: closing asks first. */
  dirty?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const requestOpen = (next: boolean) => {
    if (!next && dirty) return setAsking(true);
    onOpenChange(next);
  };
  return (
    <>
    <DialogFrame open={open} onOpenChange={requestOpen} title={title}
      root={{ size, scrollBehavior: 'inside', finalFocusEl }} content={{ mx: { base: '2', sm: '4' } }}
      form={{ onSubmit, 'aria-busy': pending || undefined }}>
      <Dialog.Body>
        <Stack gap="4">{children}</Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <DialogDismissButton>{t('app.cancel')}</DialogDismissButton>
        <Button type="submit" colorPalette={submitColorPalette} loading={pending} loadingText={pendingLabel ?? t('app.saving')} disabled={submitDisabled}>
          {submitLabel ?? t('app.save')}
        </Button>
      </Dialog.Footer>
    </DialogFrame>
    <DialogFrame open={open && asking} onOpenChange={(next) => !next && setAsking(false)} title={t('app.discardTitle')}
      root={{ role: 'alertdialog', size: 'xs' }} closeButton={false}>
      <Dialog.Body><Text>{t('app.discardBody')}</Text></Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">{t('app.keepEditing')}</Button>
        </Dialog.ActionTrigger>
        <Button colorPalette="red" onClick={() => { setAsking(false); onOpenChange(false); }}>{t('app.discard')}</Button>
      </Dialog.Footer>
    </DialogFrame>
    </>
  );
}
