import { Alert, Button, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { get, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PLACE_FORM_FIELDS, emptyPlaceForm, placeToForm, withArabicNameFallback, type PlaceFormValues } from '../../../components/place-form/form-values.ts';
import { DuplicateWarning } from '../../../components/place-form/duplicate-warning.tsx';
import { PlaceFormFields, type PlaceFormOption } from '../../../components/place-form/place-form-fields.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { applyServerFieldErrors } from '../../../lib/form-server-errors.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import type { Place } from '../../../shared/schemas/entities.ts';
import { placeCreateSchema } from '../../../shared/schemas/place-form.ts';
import { uploadPlaceImage } from '../api/upload-place-image.ts';
import { useCreatePlaceMutation, useRequestPlaceEditMutation } from '../api/submit-place.ts';
import { announcePlaceCreated } from '../events.ts';
import { toCreatePayload, toEditChanges } from '../payload.ts';
import { useContributeText } from './use-contribute-text.ts';

/** Categories and zones offered by the form's selects, and how their loading went. */
export interface PlaceFormChoices {
  categories: PlaceFormOption[];
  zones: PlaceFormOption[];
  failed: boolean;
  retry: () => void;
}

/** What the dialog submits: a new place, or an edit request for one of the user's places. */
export type ContributeTarget = { mode: 'create' } | { mode: 'edit'; place: Place };

/** A failed call's server message worth showing under a toast's title (4xx answers; not network/5xx). */
const serverMessage = (error: unknown) => (error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : undefined);

/**
 * The signed-in user's place form in a modal: add a place (POST /public/places, a
 * pending creation request) or propose changes to one of their places (an edit request holding only
 * the changed fields). States: editing; submitting (the button shows the saving label and is
 * disabled, as it is while an image uploads); success (toast 'places.createSuccess' and the window
 * event 'public:placeCreated', or 'Edit request submitted for approval'; the modal closes); failure
 * (error toast with the server's reason, field errors placed; the modal stays open). An invalid
 * submit toasts the first error ('Please fix the highlighted fields' when there is none) and
 * focuses that field.
 */
export function ContributePlaceDialog({ open, onOpenChange, target, choices }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: ContributeTarget;
  choices: PlaceFormChoices;
}) {
  const { t } = useTranslation();
  const { pick, lang } = usePreferences();
  const { text, errorText, fieldLabel } = useContributeText();
  const create = useCreatePlaceMutation();
  const edit = useRequestPlaceEditMutation();
  const [uploading, setUploading] = useState(false);
  // Arabic pages, new place: the Arabic name alone is enough (it fills the API's required `name`)
  const arabicNameSuffices = lang === 'ar' && target.mode === 'create';
  const resolve = zodResolver(placeCreateSchema) as never as Resolver<PlaceFormValues>;
  const form = useForm<PlaceFormValues>({
    resolver: (values, context, options) => resolve(arabicNameSuffices ? withArabicNameFallback(values) : values, context, options),
    defaultValues: emptyPlaceForm,
  });
  const original = target.mode === 'edit' ? placeToForm(target.place) : emptyPlaceForm;

  useEffect(() => {
    if (open) form.reset(original);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, target.mode === 'edit' ? target.place.id : null]);

  const onInvalid = (errors: FieldErrors<PlaceFormValues>) => {
    const field = PLACE_FORM_FIELDS.find((f) => (get(errors, f) as { message?: string } | undefined)?.message);
    const message = field ? errorText((get(errors, field) as { message: string }).message) : undefined;
    // where the Arabic name alone suffices, a missing name is the Arabic field's (it is the required one, shown first)
    const shown = field === 'name' && arabicNameSuffices ? 'nameAr' : field;
    toaster.create({ id: 'contribute', type: 'error', title: shown && message ? t('contribute.firstError', { field: fieldLabel(shown), message }) : t('contribute.fixFields') });
  };

  const onSubmit = form.handleSubmit(() => {
    const values = form.getValues();
    if (target.mode === 'create') {
      create.mutate(toCreatePayload(arabicNameSuffices ? withArabicNameFallback(values) : values), {
        onSuccess: (request) => {
          toaster.create({ id: 'contribute', type: 'success', title: t('places.createSuccess'), description: null });
          announcePlaceCreated(request);
          onOpenChange(false);
        },
        onError: (error) => {
          applyServerFieldErrors(error, form.setError, PLACE_FORM_FIELDS);
          toaster.create({ id: 'contribute', type: 'error', title: t('places.createError'), description: serverMessage(error) ?? null });
        },
      });
      return;
    }
    const changes = toEditChanges(original, values);
    if (Object.keys(changes).length === 0) {
      toaster.create({ id: 'contribute', type: 'info', title: t('contribute.noChanges'), description: null });
      return;
    }
    edit.mutate({ placeId: target.place.id, changes }, {
      onSuccess: () => {
        toaster.create({ id: 'contribute', type: 'success', title: t('contribute.editSuccess'), description: null });
        onOpenChange(false);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'no_changes') {
          toaster.create({ id: 'contribute', type: 'info', title: t('contribute.noChanges'), description: null });
          return;
        }
        applyServerFieldErrors(error, form.setError, PLACE_FORM_FIELDS);
        toaster.create({ id: 'contribute', type: 'error', title: t('contribute.editError'), description: serverMessage(error) ?? null });
      },
    });
  }, onInvalid);

  const creating = target.mode === 'create';
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={creating ? t('addPlace.title') : t('contribute.editTitle', { name: pick(target.place.name, target.place.nameAr) })}
      onSubmit={onSubmit}
      pending={create.isPending || edit.isPending}
      submitDisabled={uploading}
      submitLabel={creating ? t('contribute.submit') : t('contribute.submitEdit')}
      size="xl"
      dirty={form.formState.isDirty}
    >
      <Text color="fg.muted" fontSize="sm">{creating ? t('contribute.addIntro') : t('contribute.editIntro')}</Text>
      {choices.failed && (
        <Alert.Root status="error" role="alert" size="sm" borderRadius="md">
          <Alert.Indicator />
          <Alert.Content><Alert.Title>{t('contribute.optionsError')}</Alert.Title></Alert.Content>
          <Button size="xs" variant="outline" onClick={choices.retry}>{t('app.retry')}</Button>
        </Alert.Root>
      )}
      <PlaceFormFields
        form={form}
        nameOptionalHelper={arabicNameSuffices ? t('contribute.nameFromArabic') : undefined}
        text={text}
        errorText={errorText}
        categories={choices.categories}
        zones={choices.zones}
        upload={uploadPlaceImage}
        onUploadingChange={setUploading}
      />
      {creating && <DuplicateWarning form={form} />}
    </FormDialog>
  );
}
