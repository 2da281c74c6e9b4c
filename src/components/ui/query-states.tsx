import { Alert, Box, Button, EmptyState, Skeleton, SimpleGrid, Stack, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Error block with a retry button (role alert, announced). */
export function ErrorState({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert.Root status="error" role="alert" borderRadius="lg">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{message ?? t('errors.loadFailed')}</Alert.Title>
      </Alert.Content>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('app.retry')}
        </Button>
      )}
    </Alert.Root>
  );
}

/** Friendly empty state with an optional action. */
export function EmptyBlock({ title, description, icon, action }: { title: string; description?: string; icon?: ReactNode; action?: ReactNode }) {
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="xl">
      <EmptyState.Content>
        {icon && <EmptyState.Indicator>{icon}</EmptyState.Indicator>}
        <VStack textAlign="center">
          <EmptyState.Title>{title}</EmptyState.Title>
          {description && <EmptyState.Description>{description}</EmptyState.Description>}
        </VStack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** Grid of card-shaped skeletons with the same footprint as the loaded cards (no layout shift). */
export function CardGridSkeleton({ count = 6, height = '132px', columns = { base: 1, sm: 2, lg: 3 } }: { count?: number; height?: string; columns?: Record<string, number> }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid columns={columns} gap="4" aria-busy="true" aria-label={t('app.loading')}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} height={height} borderRadius="xl" />
      ))}
    </SimpleGrid>
  );
}

export function LinesSkeleton({ lines = 4 }: { lines?: number }) {
  return (
    <Stack gap="3" aria-busy="true">
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} height="5" width={`${90 - i * 12}%`} />
      ))}
    </Stack>
  );
}

export function Section({ title, action, children, id }: { title: string; action?: ReactNode; children: ReactNode; id?: string }) {
  return (
    <Box as="section" aria-labelledby={id}>
      <Stack direction="row" justify="space-between" align="center" mb="4">
        <Box as="h2" id={id} fontSize={{ base: 'xl', md: '2xl' }} fontWeight="bold">
          {title}
        </Box>
        {action}
      </Stack>
      {children}
    </Box>
  );
}
