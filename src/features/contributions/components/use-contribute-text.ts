import { useTranslation } from 'react-i18next';
import type { PlaceFormText } from '../../../components/place-form/place-form-fields.tsx';
import { useRequestFieldLabel } from '../../../components/place-request/request-text.ts';
import { PLACE_FIELD_MESSAGES } from '../../../shared/schemas/place-form-schemas.ts';
import '../../../lib/late-strings.ts';

const MESSAGE_KEYS = new Map<string, string>(Object.entries(PLACE_FIELD_MESSAGES).map(([key, text]) => [text, `contribute.validation.${key}`]));

/**
 * Texts of the contributors' place form and request details, in the page's language: `text` for the
 * form's labels, `errorText` for a field message (the shared schema's English text, or a server
 * message already in the request's language), `fieldLabel` for a payload field name.
 */
export function useContributeText() {
  const { t } = useTranslation();
  const text = (key: PlaceFormText) => t(`contribute.form.${key}`);
  const errorText = (message: string | undefined) => {
    if (!message) return undefined;
    const key = MESSAGE_KEYS.get(message);
    return key ? t(key) : message;
  };
  const fieldLabel = useRequestFieldLabel();
  return { text, errorText, fieldLabel };
}
