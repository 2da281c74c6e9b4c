import { Box, HStack } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '../../components/ui/page-spinner.tsx';
import { AdminLogoutButton } from '../../features/auth/components/admin-logout-button.tsx';

/** Admin area layout (admin header + content); the admin console issue completes it. */
export function AdminLayout() {
  return (
    <>
      {/* Until the admin header lands: its logout (spec §2), the header takes AdminLogoutButton over. */}
      <HStack as="header" justify="flex-end" px="4" py="2" borderBottomWidth="1px">
        <AdminLogoutButton />
      </HStack>
      <Box as="main" id="main" minH="100dvh">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
    </>
  );
}
