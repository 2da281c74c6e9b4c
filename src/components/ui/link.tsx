import { Link as ChakraLink, type LinkProps } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** Chakra-styled client-side link. `to` is an app path (already localised by the caller). */
export function AppLink({ to, children, ...rest }: LinkProps & { to: string }) {
  return (
    <ChakraLink asChild {...rest}>
      <RouterLink to={to}>{children}</RouterLink>
    </ChakraLink>
  );
}
