import { Box } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '../../components/ui/page-spinner.tsx';

/** Admin area layout (admin header + content); the admin console issue completes it. */
export function AdminLayout() {
  return (
    <Box as="main" id="main" minH="100dvh">
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
