import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';

/**
 * App-wide toaster: at most 20 toasts at once. Every toast stays 5 s (paused on hover and
 * while the page is hidden): zag's default of 2 s for success toasts is too short to read a sentence.
 * A loading toast (none so far) must pass its own `duration: Infinity`.
 */
export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, max: 20, duration: 5000 });

/**
 * Chakra's solid toast colours (green/orange 500–600 under white text, descriptions at 80 % opacity)
 * fall below WCAG AA contrast: the 700 shades keep white text above 4.5:1 in both themes.
 */
const SOLID_TYPES = {
  '&[data-type=success]': { bg: 'green.700', color: 'white' },
  '&[data-type=warning]': { bg: 'orange.700', color: 'white' },
  '&[data-type=error]': { bg: 'red.700', color: 'white' },
};

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
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
