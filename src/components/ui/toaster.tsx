import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';
import './late-recipes.ts';
import { useTranslation } from 'react-i18next';

/**
 * App-wide toaster: at most 20 toasts at once, at the top (end side; full width on phones),
 * just below the sticky header so its controls stay usable: dialogs keep their action buttons in a
 * bottom footer, which a toast at the bottom covered on phones (issue #17).
 * A toast created with the `id` of a toast still shown replaces it (one toast per action). Every toast stays 5 s (paused on hover and
 * while the page is hidden): zag's default of 2 s for success toasts is too short to read a sentence.
 * A loading toast (none so far) must pass its own `duration: Infinity`.
 */
export const toaster = createToaster({ placement: 'top-end', offsets: { top: '4.5rem', bottom: '1rem', left: '1rem', right: '1rem' }, pauseOnPageIdle: true, max: 20, duration: 5000 });

/**
 * A toast that replaces another (the same `id`) is a new toast with its own 5 s. Zag's store updates a shown toast's
 * content in place, and restarts its timer only when its type or duration changed: "Place updated" saved 4 s after
 * "Place created" was taken away 1 s later, and one created while the first was leaving went with it. So `create`
 * with an `id` takes the toast shown under that id away, if any (it still fades out), and shows the new one under an
 * id of its own (the caller's and a serial number); `id` stays the caller's name for "the toast of this action" (one
 * at a time), also for `dismiss` and `remove`.
 */
const createToast = toaster.create;
const dismissToast = toaster.dismiss;
const removeToast = toaster.remove;
const shownAs = new Map<string, string>();
let replacements = 0;
const shown = (id: string | undefined) => (id === undefined ? undefined : shownAs.get(id) ?? id);
toaster.create = (data) => {
  if (data.id === undefined) return createToast(data);
  const id = data.id;
  const previous = shownAs.get(id);
  if (previous !== undefined) removeToast(previous);
  const own = `${id}~${(replacements += 1)}`;
  shownAs.set(id, own);
  createToast({ ...data, id: own });
  return id;
};
toaster.dismiss = (id) => dismissToast(shown(id));
toaster.remove = (id) => {
  if (id === undefined) shownAs.clear();
  return removeToast(shown(id));
};

/**
 * Chakra's solid toast colours (green/orange 500–600 under white text, descriptions at 80 % opacity)
 * fall below WCAG AA contrast: the 700 shades keep white text above 4.5:1 in both themes.
 */
const SOLID_TYPES = {
  '&[data-type=success]': { bg: 'green.700', color: 'white' },
  '&[data-type=warning]': { bg: 'orange.700', color: 'white' },
  '&[data-type=error]': { bg: 'red.700', color: 'white' },
};

/** The toasts' live region, named in the page's language (zag's default name is English: "Notifications, top-end (alt+T)"). */
export function Toaster() {
  const { t } = useTranslation();
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} aria-label={t('app.notifications')}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} css={SOLID_TYPES}>
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description opacity="1">{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
