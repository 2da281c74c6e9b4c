import { Box, Button, Collapsible, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { isNetworkError } from '../../lib/network-status.ts';

/**
 * The render-error screen with a Refresh Page button and collapsible technical details. A failure of the
 * network (a script or a request that could not load) says so in the reader's language (the `offline`
 * strings, registered once the page is interactive; the generic text before that); the details stay for support.
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
        <Collapsible.Root>
          <Collapsible.Trigger asChild>
            <Button variant="ghost" size="sm" alignSelf="start">{t('errors.details')}</Button>
          </Collapsible.Trigger>
          <Collapsible.Content>
            <Box as="pre" dir="ltr" fontSize="xs" p="3" bg="bg.muted" borderRadius="md" overflowX="auto" whiteSpace="pre-wrap">
              {detail}
            </Box>
          </Collapsible.Content>
        </Collapsible.Root>
      </Stack>
    </Container>
  );
}
