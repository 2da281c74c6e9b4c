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
import { ApiError } from '../../../lib/api-client-error.ts';
import { applyServerFieldErrors } from '../../../lib/form-server-errors.ts';
import { newIdempotencyKey, queueRequest, type OutboxInput } from '../../../lib/outbox.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { useSession } from '../../../lib/session.ts';
import { useDeviceTranslation } from '../../../lib/device-i18n.ts';
import type { Place } from '../../../shared/schemas/entity-schemas.ts';
import { placeCreateSchema } from '../../../shared/schemas/place-form-schemas.ts';
import { outboxAuth } from '../api/outbox-auth.ts';
import { uploadPlaceImage } from '../api/upload-place-image.ts';
import { CREATE_PLACE_PATH, editRequestPath, useCreatePlaceMutation, useRequestPlaceEditMutation } from '../api/submit-place.ts';
import { announcePlaceCreated } from '../events.ts';
import { toCreatePayload, toEditChanges } from '../payload.ts';
import { useContributeText } from './use-contribute-text.ts';
import '../../../lib/late-strings.ts';

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

/** A send that failed for the network (no answer at all): kept in the outbox instead (decision 048). */
const failedForNetwork = (error: unknown) => error instanceof ApiError && error.status === 0;

/**
 * The signed-in user's place form in a modal: add a place (POST /public/places, a
 * pending creation request) or propose changes to one of their places (an edit request holding only
 * the changed fields). States: editing; submitting (the button shows the saving label and is
 * disabled, as it is while an image uploads); success (toast 'places.createSuccess' and the window
 * event 'public:placeCreated', or 'Edit request submitted for approval'; the modal closes); failure
 * (error toast with the server's reason, field errors placed; the modal stays open); no network (the request,
 * with the `Idempotency-Key` it was sent with, is kept in the device's outbox: toast "Waiting to send", the modal
 * closes, src/lib/outbox.ts sends it once the network is back; where the device cannot keep it, the failure toast
 * and the modal with its values stay). An invalid
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
  const { t: deviceT } = useDeviceTranslation();
  const { user } = useSession('public');
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

  /** Keeps a write that failed for the network in the outbox; true when kept (the modal then closes). */
  const keepForLater = async (input: Omit<OutboxInput, 'userId'>) => {
    if (!user) return false;
    try {
      // with the page's language and token: the worker's Background Sync may send it with no page open (decision 056)
      await queueRequest({ ...input, userId: user.id, lang, auth: outboxAuth() });
    } catch {
      return false;
    }
    toaster.create({ id: 'contribute', type: 'info', title: deviceT('outbox.waiting'), description: deviceT('outbox.queuedText') });
    onOpenChange(false);
    return true;
  };

  const onSubmit = form.handleSubmit(() => {
    const values = form.getValues();
    // one key per submission, made now and reused by every retry of it (decision 048)
    const idempotencyKey = newIdempotencyKey();
    if (target.mode === 'create') {
      const payload = toCreatePayload(arabicNameSuffices ? withArabicNameFallback(values) : values);
      create.mutate({ payload, idempotencyKey }, {
        onSuccess: (request) => {
          toaster.create({ id: 'contribute', type: 'success', title: t('places.createSuccess'), description: null });
          announcePlaceCreated(request);
          onOpenChange(false);
        },
        onError: async (error) => {
          const label = { name: payload.name, nameAr: payload.nameAr ?? null };
          if (failedForNetwork(error) && await keepForLater({ kind: 'create', path: CREATE_PLACE_PATH, body: payload, idempotencyKey, label })) return;
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
    const place = target.place;
    edit.mutate({ placeId: place.id, changes, idempotencyKey }, {
      onSuccess: () => {
        toaster.create({ id: 'contribute', type: 'success', title: t('contribute.editSuccess'), description: null });
        onOpenChange(false);
      },
      onError: async (error) => {
        if (failedForNetwork(error) && await keepForLater({
          kind: 'edit', path: editRequestPath(place.id), body: { changes }, idempotencyKey, label: { name: place.name, nameAr: place.nameAr }, placeId: place.id,
        })) return;
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
