import { Container, Heading } from '@chakra-ui/react';

/** Placeholder until this screen is built (route registered so links resolve). */
export default function AdminCategoriesPage() {
  return (
    <Container maxW="7xl" py="8">
      <Heading as="h1" size="2xl">admin-categories</Heading>
    </Container>
  );
}
