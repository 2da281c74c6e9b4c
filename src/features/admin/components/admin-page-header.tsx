import { Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Title row of an admin screen: h1, optional description, actions at the end (wrapping on small screens). */
export function AdminPageHeader({ title, description, actions, before }: { title: string; description?: string; actions?: ReactNode; before?: ReactNode }) {
  return (
    <Stack gap="3" mb="6">
      {before}
      <Flex gap="3" align={{ base: 'start', sm: 'center' }} justify="space-between" wrap="wrap">
        <Stack gap="1" minW="0">
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>{title}</Heading>
          {description && <Text color="fg.muted">{description}</Text>}
        </Stack>
        {actions && <Flex gap="2" wrap="wrap">{actions}</Flex>}
      </Flex>
    </Stack>
  );
}
