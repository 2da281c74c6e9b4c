import { Center, Spinner } from '@chakra-ui/react';

/** Full-area loading indicator for route transitions; announced politely to screen readers. */
export function PageSpinner() {
  return (
    <Center minH="50vh" role="status" aria-live="polite">
      <Spinner size="lg" color="brand.solid" />
    </Center>
  );
}
