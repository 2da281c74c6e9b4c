import { MyRequestsList } from '../../../features/contributions/components/my-requests-list.tsx';
import type { PlaceRequestType } from '../../../shared/schemas/place-request-schemas.ts';
import { ProfileLayout } from '../../layouts/profile-layout.tsx';
import { usePlaceFormChoices } from '../../place-form-choices.ts';

function RequestsList({ type }: { type: PlaceRequestType }) {
  const { categories, zones } = usePlaceFormChoices();
  return <MyRequestsList type={type} categories={categories} zones={zones} />;
}

/** A profile tab listing the user's requests of one type (the choices name categories and zones in details). */
export function ProfileRequestsTab({ type }: { type: PlaceRequestType }) {
  return (
    <ProfileLayout>
      <RequestsList type={type} />
    </ProfileLayout>
  );
}
