import { AdminGuard } from '../../features/auth/components/page-guards.tsx';
import { AdminLayout } from './admin-layout.tsx';

/**
 * The /admin route element: the admin layout (header + pages) shown only to a signed-in admin; a
 * spinner while the stored session is judged, else /admin/login keeping the page.
 */
export function AdminArea() {
  return (
    <AdminGuard>
      <AdminLayout />
    </AdminGuard>
  );
}
