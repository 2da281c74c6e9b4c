import { Box, IconButton, type BoxProps } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moveFocus, OverlayResults } from './overlay-results.tsx';
import { SearchComboboxInput } from './search-combobox-input.tsx';
import { resultsKeyDown, useCloseOnNavigation, useSubmitSearch } from './search-overlay-behaviour.ts';
import { useOverlaySearch } from './use-overlay-search.ts';
import { loadWhenOnline } from '../../../lib/network-status.ts';

/**
 * The header's search box on wider screens: typing non-blank text, pressing the search button
 * or focusing a non-empty box opens the overlay under it; Escape closes it; ArrowDown enters the results;
 * Enter opens the /search page with the text.
 */
export function HeaderSearch(props: BoxProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const search = useOverlaySearch(text);
  const submit = useSubmitSearch();
  useCloseOnNavigation(() => setOpen(false));
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!wrapperRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) inputRef.current?.focus();
  };

  return (
    <Box
      ref={wrapperRef}
      position="relative"
      flex="1"
      maxW="md"
      onBlur={(e) => {
        if (!wrapperRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.preventDefault(); // also keeps the browser from clearing the box
          close(true);
        }
      }}
      {...props}
    >
      <SearchComboboxInput
        ref={inputRef}
        value={text}
        onValueChange={(value) => {
          setText(value);
          if (value.trim()) setOpen(true);
        }}
        onSubmit={() => { setOpen(false); submit(search.query); }}
        formProps={{ gap: '0', position: 'relative' }}
        inputProps={{
          size: 'sm',
          'aria-haspopup': 'dialog',
          'aria-expanded': open,
          'aria-controls': open ? panelId : undefined,
          pe: '10',
          onFocus: () => {
            if (text.trim()) setOpen(true);
          },
          onKeyDown: (e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              if (!open) setOpen(true);
              else if (panelRef.current) moveFocus(panelRef.current, 'first');
            }
          },
        }}
      >
        <IconButton
          type="button"
          size="xs"
          variant="ghost"
          borderRadius="full"
          position="absolute"
          insetEnd="1"
          aria-label={t('search.open')}
          onClick={() => {
            setOpen(true);
            inputRef.current?.focus();
          }}
        >
          <Search />
        </IconButton>
      </SearchComboboxInput>
      {open && (
        <Box
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-label={t('search.overlayLabel')}
          position="absolute"
          top="calc(100% + 8px)"
          insetStart="0"
          width="max(100%, 28rem)"
          maxW="calc(100vw - 2rem)"
          maxH="min(70vh, 36rem)"
          overflowY="auto"
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="xl"
          shadow="lg"
          zIndex="popover"
          onKeyDown={(e) => resultsKeyDown(e, inputRef.current)}
        >
          <OverlayResults query={search.query} data={search.data} pending={search.pending} error={search.error} onRetry={search.retry} onNavigate={() => setOpen(false)} />
        </Box>
      )}
    </Box>
  );
}


// The full-screen overlay (and Chakra's dialog code) loads when first opened.
const MobileSearchDialog = lazy(() => loadWhenOnline(() => import('./mobile-search-dialog.tsx')));

/** Small screens: the header's search button opens the overlay full-screen. */
export function MobileSearchButton(props: { display?: BoxProps['display'] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useCloseOnNavigation(() => setOpen(false));
  return (
    <>
      <IconButton ref={buttonRef} variant="ghost" size="sm" aria-label={t('search.open')} aria-haspopup="dialog" aria-expanded={open} display={props.display}
        onClick={() => { setUsed(true); setOpen(true); }}>
        <Search />
      </IconButton>
      {used && <Suspense fallback={null}><MobileSearchDialog open={open} onOpenChange={setOpen} returnFocus={() => buttonRef.current} /></Suspense>}
    </>
  );
}
