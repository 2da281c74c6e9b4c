import { Button, HStack } from '@chakra-ui/react';
import { Link2, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { getPlaceShare } from '../api/get-place-share.ts';
import { localizePath } from '../../../lib/browser-language.ts';
import { usePreferences } from '../../../lib/preferences.tsx';

/**
 * Shows a toast through the app's toaster, loaded on first use: the toaster (zag's toast machine) is not among
 * the place page's first scripts (decision 036); the provider mounts its region after hydration.
 */
function notify(options: Parameters<typeof import('../../../components/ui/toaster.tsx')['toaster']['create']>[0]) {
  void import('../../../components/ui/toaster.tsx').then(({ toaster }) => toaster.create(options), () => undefined);
}

async function copy(text: string) {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  document.body.appendChild(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

/** Copy link and Share (Web Share API when available, else copies the link); the link, in the page's language, comes from /share. */
export function ShareActions({ slug, fallbackTitle }: { slug: string; fallbackTitle: string }) {
  const { t } = useTranslation();
  const { lang } = usePreferences();
  // the link names the page's language (decision 003): an Arabic page shares the /ar address
  const resolve = async () => {
    try {
      return await getPlaceShare(slug, lang);
    } catch {
      return { url: `${location.origin}${localizePath(`/p/${slug}`, lang)}`, title: fallbackTitle };
    }
  };
  const copyLink = async () => {
    const { url } = await resolve();
    try {
      await copy(url);
      notify({ id: 'share-link', type: 'success', title: t('place.linkCopied'), description: null, duration: 2500 });
    } catch {
      notify({ id: 'share-link', type: 'error', title: t('errors.generic') });
    }
  };
  const share = async () => {
    const { url, title } = await resolve();
    if (navigator.share) {
      try {
        await navigator.share({ url, title });
        return;
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
      }
    }
    await copy(url);
    notify({ id: 'share-link', type: 'success', title: t('place.linkCopied'), description: null, duration: 2500 });
  };
  return (
    <HStack gap="2">
      <Button size="sm" variant="outline" onClick={() => void copyLink()}><Link2 aria-hidden /> {t('place.copyLink')}</Button>
      <Button size="sm" colorPalette="brand" onClick={() => void share()}><Share2 aria-hidden /> {t('place.share')}</Button>
    </HStack>
  );
}
