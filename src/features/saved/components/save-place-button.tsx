import { Button } from '@chakra-ui/react';
import { Bookmark, BookmarkCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toaster } from '../../../components/ui/toaster.tsx';
import { useDeviceTranslation } from '../../../lib/device-i18n.ts';
import { getSavedPlace, refreshSavedPlace, removeSavedPlace, savePlace, subscribeSavedPlaces, type SavablePlace } from '../../../lib/saved-places.ts';

/**
 * The place page's Save / Saved toggle (decision 048): keeps the place's public detail on this device (IndexedDB)
 * for /saved, no account needed. A toggle button (`aria-pressed`), operated by keyboard like any button; its state
 * is read from the device after the page is interactive (the server cannot know it). While the place is saved,
 * the page's fresher answer replaces the stored copy. Loaded lazily: the page's first scripts do not carry it.
 */
export default function SavePlaceButton({ place }: { place: SavablePlace }) {
  const { t } = useDeviceTranslation();
  const [saved, setSaved] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    const read = () => getSavedPlace(place.slug).then((s) => live && setSaved(Boolean(s)), () => live && setSaved(false));
    void read();
    const unsubscribe = subscribeSavedPlaces(() => void read());
    return () => {
      live = false;
      unsubscribe();
    };
  }, [place.slug]);

  // a saved place shown online: its copy follows this answer
  useEffect(() => {
    void refreshSavedPlace(place).catch(() => undefined);
  }, [place]);

  const toggle = async () => {
    if (busy || saved === null) return;
    setBusy(true);
    try {
      if (saved) {
        await removeSavedPlace(place.slug);
        toaster.create({ id: 'saved-place', type: 'info', title: t('saved.removedToast'), description: null, duration: 2500 });
      } else {
        await savePlace(place);
        toaster.create({ id: 'saved-place', type: 'success', title: t('saved.savedToast'), description: null, duration: 2500 });
      }
      setSaved(!saved);
    } catch {
      toaster.create({ id: 'saved-place', type: 'error', title: t('saved.saveError'), description: null });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      size="sm"
      variant={saved ? 'solid' : 'outline'}
      colorPalette="brand"
      aria-pressed={saved ?? false}
      disabled={saved === null}
      onClick={() => void toggle()}
      data-testid="save-place"
    >
      {saved ? <BookmarkCheck aria-hidden /> : <Bookmark aria-hidden />}
      {saved ? t('saved.saved') : t('saved.save')}
    </Button>
  );
}
