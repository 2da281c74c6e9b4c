import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LabeledField } from '../../../components/ui/labeled-field.tsx';
import { validationMessageKey } from '../auth-forms.ts';

/**
 * LabeledField for the auth screens: validation messages of the shared schemas are shown in the
 * current language (label tied to the input, error linked by aria-describedby and announced).
 */
export function FormField({ error, ...props }: { label: ReactNode; error?: string; helper?: ReactNode; required?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const key = validationMessageKey(error);
  return <LabeledField {...props} error={key ? t(key) : error} />;
}
