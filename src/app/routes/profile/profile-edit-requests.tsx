import { ProfileRequestsTab } from './requests-tab.tsx';

/** /profile/edit-requests (and /ar): the user's edit requests with proposed changes and review status. */
export default function ProfileEditRequestsPage() {
  return <ProfileRequestsTab type="edit" />;
}
