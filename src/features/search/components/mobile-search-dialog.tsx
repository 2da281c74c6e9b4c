import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import '../../../components/ui/late-recipes.ts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OverlayResults } from './overlay-results.tsx';
import { SearchComboboxInput } from './search-combobox-input.tsx';
import { resultsKeyDown, useSubmitSearch } from './search-overlay-behaviour.ts';
import { useOverlaySearch } from './use-overlay-search.ts';

/** The small screens' full-screen search overlay, opened by MobileSearchButton; focus returns to it. */
export default function MobileSearchDialog({ open, onOpenChange: setOpen, returnFocus }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: () => HTMLElement | null;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const resultsId = useId();
  const search = useOverlaySearch(text);
  const submit = useSubmitSearch();

  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} size="full" motionPreset="slide-in-bottom" initialFocusEl={() => inputRef.current} finalFocusEl={returnFocus}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content aria-label={t('search.overlayLabel')} onKeyDown={(e) => resultsKeyDown(e, inputRef.current)}>
            <Dialog.Header p="3" borderBottomWidth="1px">
              <Dialog.Title srOnly>{t('search.overlayLabel')}</Dialog.Title>
              <SearchComboboxInput ref={inputRef} value={text} onValueChange={setText} onSubmit={() => { setOpen(false); submit(search.query); }}
                formProps={{ width: 'full', gap: '2' }} inputProps={{ 'aria-expanded': true, 'aria-controls': resultsId }}>
                <Dialog.CloseTrigger asChild position="static">
                  <CloseButton size="sm" aria-label={t('search.close')} />
                </Dialog.CloseTrigger>
              </SearchComboboxInput>
            </Dialog.Header>
            <Dialog.Body id={resultsId} p="1" overflowY="auto">
              <OverlayResults query={search.query} data={search.data} pending={search.pending} error={search.error} onRetry={search.retry} onNavigate={() => setOpen(false)} />
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
