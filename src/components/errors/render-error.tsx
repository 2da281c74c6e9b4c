import { Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { isNetworkError } from '../../lib/network-status.ts';

// The collapsible details load with the screen (decision 051: zag's machine runtime stays out of every page's first
// scripts). Offline, their script may not load: the screen then shows without them (title, text and Refresh stay).
const RenderErrorDetails = lazy<ComponentType<{ detail: string }>>(() => import('./render-error-details.tsx').catch(() => ({ default: () => null })));

/**
 * The render-error screen with a Refresh Page button and collapsible technical details. A failure of the
 * network (a script or a request that could not load) says so in the reader's language (the `offline`
 * strings, registered once the page is interactive; the generic text before that); the details stay for support
 * (loaded with the screen, see `RenderErrorDetails`).
 */
export function RenderError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const detail = error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error);
  const network = isNetworkError(error);
  return (
    <Container maxW="2xl" py="16" as="main">
      <Stack gap="5" role="alert" data-error-kind={network ? 'network' : 'render'}>
        <Heading as="h1" size="2xl">{network ? t(['offline:error.title', 'errors.renderTitle']) : t('errors.renderTitle')}</Heading>
        <Text color="fg.muted">{network ? t(['offline:error.text', 'errors.renderText']) : t('errors.renderText')}</Text>
        <Box>
          <Button colorPalette="brand" onClick={() => window.location.reload()}>{network ? t(['offline:error.retry', 'errors.refreshPage']) : t('errors.refreshPage')}</Button>
        </Box>
        <Suspense fallback={null}><RenderErrorDetails detail={detail} /></Suspense>
      </Stack>
    </Container>
  );
}
