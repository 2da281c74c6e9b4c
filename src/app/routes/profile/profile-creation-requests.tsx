import { ProfileLayout } from '../../layouts/profile-layout.tsx';

/**
 * Placeholder content until this tab is built; it already renders inside ProfileLayout (guard,
 * Profile section, tabs) as the finished screen will.
 */
export default function ProfileCreationRequestsPage() {
  return <ProfileLayout>{null}</ProfileLayout>;
}
