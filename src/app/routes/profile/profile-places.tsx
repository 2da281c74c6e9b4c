import { useState } from 'react';
import { ContributePlaceDialog } from '../../../features/contributions/components/contribute-place-dialog.tsx';
import { MyPlacesList } from '../../../features/contributions/components/my-places-list.tsx';
import type { Place } from '../../../shared/schemas/entity-schemas.ts';
import { AddPlaceButton } from '../../layouts/add-place-button.tsx';
import { ProfileLayout } from '../../layouts/profile-layout.tsx';
import { usePlaceFormChoices } from '../../place-form-choices.ts';

/** /profile/places (and /ar): the user's places; Edit opens the place form, whose submit is an edit request. */
export default function ProfilePlacesPage() {
  return (
    <ProfileLayout>
      <PlacesTab />
    </ProfileLayout>
  );
}

function PlacesTab() {
  const choices = usePlaceFormChoices();
  const [editing, setEditing] = useState<Place | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <MyPlacesList onEdit={(place) => { setEditing(place); setOpen(true); }} addAction={(where) => <AddPlaceButton size={where === 'empty' ? 'md' : 'sm'} />} />
      {editing && <ContributePlaceDialog open={open} onOpenChange={setOpen} target={{ mode: 'edit', place: editing }} choices={choices} />}
    </>
  );
}
