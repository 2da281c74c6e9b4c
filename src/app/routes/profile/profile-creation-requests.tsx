import { ProfileRequestsTab } from './requests-tab.tsx';

/** /profile/creation-requests (and /ar): the places the user submitted and their review status. */
export default function ProfileCreationRequestsPage() {
  return <ProfileRequestsTab type="create" />;
}
