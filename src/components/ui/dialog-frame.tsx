import { Dialog, Portal, type DialogContentProps, type DialogRootProps } from '@chakra-ui/react';
import './late-recipes.ts';
import type { ComponentProps, ReactNode } from 'react';
import { DialogCloseButton } from './dialog-close-button.tsx';

/**
 * The frame every modal dialog of the app shares, in one place: the backdrop, the centred positioner, the
 * content box (`mx="4"` unless `content` says otherwise; a `<form noValidate>` when `form` is given), the
 * header with `title` when there is one, then the caller's `children` (Dialog.Body, Dialog.Footer…), and the
 * × in the corner (DialogCloseButton; `closeButton={false}` for a confirmation that has none). `root` passes
 * Chakra's Dialog.Root options (size, role, scrollBehavior, finalFocusEl…); placement is centre.
 */
export function DialogFrame({ open, onOpenChange, title, root, content, form, closeButton = true, children }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's title (its accessible name); leave out to write a Dialog.Header of your own in children. */
  title?: ReactNode;
  root?: Omit<DialogRootProps, 'open' | 'onOpenChange' | 'children'>;
  content?: DialogContentProps;
  /** The content box is this form (submit with Enter, one aria-busy for the whole dialog). */
  form?: ComponentProps<'form'>;
  closeButton?: boolean;
  children: ReactNode;
}) {
  const inside = (
    <>
      {title !== undefined && (
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
        </Dialog.Header>
      )}
      {children}
      {closeButton && <DialogCloseButton />}
    </>
  );
  return (
    <Dialog.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="center" {...root}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {form ? (
            <Dialog.Content mx="4" {...content} asChild>
              <form noValidate {...form}>{inside}</form>
            </Dialog.Content>
          ) : (
            <Dialog.Content mx="4" {...content}>{inside}</Dialog.Content>
          )}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
