import { useTranslation } from 'react-i18next';
import ar from '../../locales/ar/device.json';
import en from '../../locales/en/device.json';

/**
 * The `device` strings (saved places, the outbox: decision 048) of both languages, bundled with the modules that
 * show them — they must be there when the network is not (as the `offline` namespace of decision 045) — and
 * `t` of that namespace.
 */
export function useDeviceTranslation() {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('en', 'device')) i18n.addResourceBundle('en', 'device', en);
  if (!i18n.hasResourceBundle('ar', 'device')) i18n.addResourceBundle('ar', 'device', ar);
  return useTranslation('device');
}
