import { Box, Button, Collapsible, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** The render-error screen with a Refresh Page button and collapsible technical details. */
export function RenderError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const detail = error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error);
  return (
    <Container maxW="2xl" py="16" as="main">
      <Stack gap="5" role="alert">
        <Heading as="h1" size="2xl">{t('errors.renderTitle')}</Heading>
        <Text color="fg.muted">{t('errors.renderText')}</Text>
        <Box>
          <Button colorPalette="brand" onClick={() => window.location.reload()}>{t('errors.refreshPage')}</Button>
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
