import { Link } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { History } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PLACE_FORM_FIELDS } from '../../../components/place-form/form-values.ts';
import { DuplicateWarning } from '../../../components/place-form/duplicate-warning.tsx';
import { PlaceFormFields } from '../../../components/place-form/place-form-fields.tsx';
import { ErrorState, LinesSkeleton } from '../../../components/ui/query-states.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { sortCategories, sortZones } from '../../../lib/name-order.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { useAdminCategoriesQuery } from '../api/admin-categories-api.ts';
import { useAdminZonesQuery } from '../api/admin-zones-api.ts';
import { useAdminPlaceQuery, useSavePlace } from '../api/admin-places-api.ts';
import { uploaderFor } from '../api/admin-uploads-api.ts';
import { PLACE_MESSAGES, emptyPlaceForm, placeFormSchema, placeToForm, toPlacePayload, type PlaceFormValues } from '../admin-place-form.ts';
import { useFieldErrorText } from './admin-field.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { applyServerFieldErrors } from '../../../lib/form-server-errors.ts';

const uploadPlaceImage = uploaderFor('places');
const MESSAGE_KEYS = new Map<string, string>(Object.entries(PLACE_MESSAGES).map(([key, text]) => [text, `placeValidation.${key}`]));

/**
 * Create/edit place in sections basic (names, category, zone, logo), contact (phone,
 * WhatsApp, website, manager), location (addresses, map URL) and additional details (description,
 * image, YouTube link with an embedded preview when valid). Validation as the public form; an invalid
 * submit toasts 'Please fix the highlighted fields' and focuses the first bad field.
 */
export function PlaceFormDialog({ open, onOpenChange, placeId }: { open: boolean; onOpenChange: (open: boolean) => void; placeId: number | null }) {
  const { t } = useTranslation('admin');
  const { pick, localize, lang } = usePreferences();
  const place = useAdminPlaceQuery(open ? placeId : null);
  const categories = useAdminCategoriesQuery();
  const zones = useAdminZonesQuery();
  const save = useSavePlace();
  const [uploading, setUploading] = useState(false);
  const form = useForm<PlaceFormValues>({ resolver: zodResolver(placeFormSchema) as never, defaultValues: emptyPlaceForm });
  const fieldErrorText = useFieldErrorText();
  const editing = placeId !== null;

  useEffect(() => {
    if (!open) return;
    form.reset(editing ? (place.data ? placeToForm(place.data) : emptyPlaceForm) : emptyPlaceForm);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, placeId, place.data?.id, place.data?.updatedAt]);

  const errorText = (m: string | undefined) => {
    if (!m) return undefined;
    const key = MESSAGE_KEYS.get(m);
    return key ? t(key) : fieldErrorText(m);
  };

  const onSubmit = form.handleSubmit(
    () => {
      // The raw values: on update an emptied field must reach the server as null (cleared).
      save.mutate({ id: placeId ?? undefined, input: toPlacePayload(form.getValues(), editing ? 'update' : 'create') }, {
        onSuccess: () => onOpenChange(false),
        onError: (error) => applyServerFieldErrors(error, form.setError, PLACE_FORM_FIELDS),
      });
    },
    () => toaster.create({ id: 'place-form', type: 'error', title: t('places.fixFields') }),
  );

  const loadingPlace = editing && place.isPending;
  const failedPlace = editing && place.isError;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? t('places.editTitle') : t('places.createTitle')}
      onSubmit={onSubmit}
      pending={save.isPending}
      submitDisabled={uploading || loadingPlace || failedPlace}
      size="xl"
    >
      {loadingPlace ? (
        <LinesSkeleton lines={8} />
      ) : failedPlace ? (
        <ErrorState message={t('places.loadOneError')} onRetry={() => void place.refetch()} />
      ) : (
        <>
          {editing && (
            <Link asChild alignSelf="start" mb="4" fontSize="sm" colorPalette="brand" color="colorPalette.fg" textDecoration="underline">
              <RouterLink to={localize(`/admin/history?entity=place&id=${placeId}`)}><History size={16} aria-hidden /> {t('history.viewPlaceHistory')}</RouterLink>
            </Link>
          )}
          <PlaceFormFields
            form={form}
            text={(key) => t(`places.${key}`)}
            errorText={errorText}
            categories={sortCategories(categories.data ?? [], lang).map((c) => ({ id: c.id, label: pick(c.name, c.nameAr) }))}
            zones={sortZones(zones.data ?? [], lang).map((z) => ({ id: z.id, label: pick(z.title, z.titleAr) }))}
            upload={uploadPlaceImage}
            onUploadingChange={setUploading}
          />
          {!editing && <DuplicateWarning form={form} />}
        </>
      )}
    </FormDialog>
  );
}
