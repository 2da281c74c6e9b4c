import { Field } from '@chakra-ui/react';
import './late-recipes.ts';
import type { ReactNode } from 'react';

/**
 * A labelled form field: label tied to the control, `error` (already in the page's language) linked
 * by aria-describedby and announced, the control marked invalid; `helper` shows while there is no error.
 */
export function LabeledField({ label, error, helper, required, children }: { label: ReactNode; error?: string; helper?: ReactNode; required?: boolean; children: ReactNode }) {
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText color={{ _light: 'red.700', _dark: 'red.300' }}>{error}</Field.ErrorText>
    </Field.Root>
  );
}
