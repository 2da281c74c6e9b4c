import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A labelled admin form field: label tied to the control, error linked and announced, the control
 * marked invalid. `error` is an admin i18n key (`validation.*`) or a message shown as is.
 */
export function AdminField({ label, error, helper, required, children }: { label: ReactNode; error?: string; helper?: ReactNode; required?: boolean; children: ReactNode }) {
  const { t, i18n } = useTranslation('admin');
  const message = error && i18n.exists(error, { ns: 'admin' }) ? t(error) : error;
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText color={{ _light: 'red.700', _dark: 'red.300' }}>{message}</Field.ErrorText>
    </Field.Root>
  );
}
