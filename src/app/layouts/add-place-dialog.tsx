import { ContributePlaceDialog } from '../../features/contributions/components/contribute-place-dialog.tsx';
import { usePlaceFormChoices } from '../place-form-choices.ts';

/** The signed-in user's add-place form (loaded on first use, so public pages do not carry the form's code). */
export default function AddPlaceDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const choices = usePlaceFormChoices();
  return <ContributePlaceDialog open={open} onOpenChange={onOpenChange} target={{ mode: 'create' }} choices={choices} />;
}
