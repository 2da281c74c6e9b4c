import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LabeledField } from '../../../components/ui/labeled-field.tsx';

/**
 * The English field messages the shared schemas and the admin API answer with, and the
 * admin i18n keys that say the same in the page's language.
 */
const SERVER_MESSAGE_KEYS: Record<string, string> = {
  'Name is required': 'validation.nameRequired',
  'Title is required': 'validation.titleRequired',
  'Order must be an integer': 'validation.orderInteger',
  'Another zone already has this order': 'validation.orderTaken',
  'invalid URL': 'validation.invalidImageUrl',
  'invalid slug': 'validation.invalidSlug',
  'Too long': 'validation.tooLong',
  'This slug is already in use': 'validation.slugTaken',
  'Contains characters that are not allowed': 'validation.invalidCharacters',
  'Reason is required': 'requests.reasonRequired',
};

/** The text of a field error: an admin i18n key, a known schema/server message, or the message as is. */
export function useFieldErrorText() {
  const { t, i18n } = useTranslation('admin');
  return (error: string | undefined) => {
    if (!error) return undefined;
    const key = SERVER_MESSAGE_KEYS[error] ?? (i18n.exists(error, { ns: 'admin' }) ? error : null);
    return key ? t(key) : error;
  };
}

/**
 * A labelled admin form field: label tied to the control, error linked and announced, the control
 * marked invalid. `error` is an admin i18n key (`validation.*`) or a message shown as is.
 */
export function AdminField({ error, ...props }: { label: ReactNode; error?: string; helper?: ReactNode; required?: boolean; children: ReactNode }) {
  const errorText = useFieldErrorText();
  return <LabeledField {...props} error={errorText(error)} />;
}
