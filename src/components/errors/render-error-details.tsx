import { Box, Button, Collapsible } from '@chakra-ui/react';
import '../ui/late-recipes.ts';
import { useTranslation } from 'react-i18next';

/**
 * The render-error screen's collapsible technical details (for support). A module of its own, loaded when the
 * screen shows: Chakra's Collapsible brings zag's state machine runtime, which no public page needs until
 * something failed (decision 051).
 */
export default function RenderErrorDetails({ detail }: { detail: string }) {
  const { t } = useTranslation();
  return (
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
  );
}
