import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { validationMessageKey } from '../forms.ts';

/**
 * A labelled form field: the label is tied to the input, the error text is linked by
 * aria-describedby and announced (aria-live) and the input is marked aria-invalid. Validation
 * messages of the shared schemas are shown in the current language.
 */
export function FormField({ label, error, helper, required, children }: { label: ReactNode; error?: string; helper?: ReactNode; required?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const key = validationMessageKey(error);
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText color={{ _light: 'red.700', _dark: 'red.300' }}>{key ? t(key) : error}</Field.ErrorText>
    </Field.Root>
  );
}
