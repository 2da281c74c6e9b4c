import { Box, CloseButton, Dialog, HStack, IconButton, Input, Portal, type BoxProps } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { usePreferences } from '../../../lib/preferences.tsx';
import { moveFocus, OverlayResults } from './overlay-results.tsx';
import { useOverlaySearch } from './use-overlay-search.ts';

/** Arrow keys inside the results: move between links; Up from the first returns to the input. */
function resultsKeyDown(event: KeyboardEvent<HTMLElement>, input: HTMLInputElement | null) {
  const container = event.currentTarget;
  if (event.key === 'ArrowDown') {
    event.preventDefault();
    moveFocus(container, 1);
  } else if (event.key === 'ArrowUp') {
    event.preventDefault();
    if (!moveFocus(container, -1)) input?.focus();
  } else if (event.key === 'Home' && event.target !== input) {
    event.preventDefault();
    moveFocus(container, 'first');
  } else if (event.key === 'End' && event.target !== input) {
    event.preventDefault();
    moveFocus(container, 'last');
  }
}

/**
 * Closes the overlay when the visitor goes to another page — but not on the history replacements
 * LocaleSync makes on arrival (removing ?lang/?theme), which may land while the visitor already types.
 */
function useCloseOnNavigation(close: () => void) {
  const location = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'REPLACE') close();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);
}

function useSubmitSearch() {
  const navigate = useNavigate();
  const { localize } = usePreferences();
  return (query: string) => navigate(localize(query ? `/search?q=${encodeURIComponent(query)}` : '/search'));
}

/**
 * The header's search box on wider screens (spec §2): typing non-blank text, pressing the search button
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
      <Box as="form" role="search" aria-label={t('nav.searchLabel')} onSubmit={(e) => { e.preventDefault(); setOpen(false); submit(search.query); }}>
        <HStack gap="0" position="relative">
          <Input
            ref={inputRef}
            size="sm"
            type="search"
            role="combobox"
            aria-label={t('nav.searchLabel')}
            aria-autocomplete="list"
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={200}
            value={text}
            placeholder={t('nav.searchPlaceholder')}
            borderRadius="full"
            pe="10"
            onChange={(e) => {
              setText(e.target.value);
              if (e.target.value.trim()) setOpen(true);
            }}
            onFocus={() => {
              if (text.trim()) setOpen(true);
            }}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown') {
                e.preventDefault();
                if (!open) setOpen(true);
                else if (panelRef.current) moveFocus(panelRef.current, 'first');
              }
            }}
          />
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
        </HStack>
      </Box>
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

/** Small screens (spec §2): the header's search button opens the overlay full-screen. */
export function MobileSearchButton(props: { display?: BoxProps['display'] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const resultsId = useId();
  const search = useOverlaySearch(text);
  const submit = useSubmitSearch();
  useCloseOnNavigation(() => setOpen(false));

  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} size="full" motionPreset="slide-in-bottom" initialFocusEl={() => inputRef.current}>
      <Dialog.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={t('search.open')} display={props.display}>
          <Search />
        </IconButton>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content aria-label={t('search.overlayLabel')} onKeyDown={(e) => resultsKeyDown(e, inputRef.current)}>
            <Dialog.Header p="3" borderBottomWidth="1px">
              <Dialog.Title srOnly>{t('search.overlayLabel')}</Dialog.Title>
              <HStack as="form" role="search" aria-label={t('nav.searchLabel')} width="full" gap="2" onSubmit={(e) => { e.preventDefault(); setOpen(false); submit(search.query); }}>
                <Input
                  ref={inputRef}
                  type="search"
                  role="combobox"
                  aria-label={t('nav.searchLabel')}
                  aria-autocomplete="list"
                  aria-expanded="true"
                  aria-controls={resultsId}
                  autoComplete="off"
                  enterKeyHint="search"
                  maxLength={200}
                  value={text}
                  placeholder={t('nav.searchPlaceholder')}
                  onChange={(e) => setText(e.target.value)}
                  borderRadius="full"
                />
                <Dialog.CloseTrigger asChild position="static">
                  <CloseButton size="sm" aria-label={t('search.close')} />
                </Dialog.CloseTrigger>
              </HStack>
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
