import { AspectRatio, Box, Fieldset, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, get, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ImageUploadField } from '../../../components/ui/image-upload.tsx';
import { ErrorState, LinesSkeleton } from '../../../components/ui/query-states.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';
import { toYouTubeEmbedUrl } from '../../../shared/youtube.ts';
import { useAdminCategoriesQuery } from '../api/categories.ts';
import { useAdminZonesQuery } from '../api/get-admin-zones.ts';
import { useAdminPlaceQuery, useSavePlace } from '../api/places.ts';
import { uploaderFor } from '../api/upload-image.ts';
import { PLACE_MESSAGES, emptyPlaceForm, placeFormSchema, placeToForm, selectId, toPlacePayload, type PlaceFormValues } from '../place-form.ts';
import { AdminField } from './admin-field.tsx';
import { FormDialog } from './form-dialog.tsx';
import { applyServerFieldErrors } from './server-errors.ts';

const uploadPlaceImage = uploaderFor('places');
const MESSAGE_KEYS = new Map<string, string>(Object.entries(PLACE_MESSAGES).map(([key, text]) => [text, `placeValidation.${key}`]));
const FIELDS = [...Object.keys(emptyPlaceForm).filter((k) => k !== 'details'), 'details.description', 'details.imageUrl', 'details.youtubeUrl'];
type Field = FieldPath<PlaceFormValues>;

/**
 * Create/edit place (spec §2/§3/§5) in sections basic (names, category, zone, logo), contact (phone,
 * WhatsApp, website, manager), location (addresses, map URL) and additional details (description,
 * image, YouTube link with an embedded preview when valid). Validation as the public form; an invalid
 * submit toasts 'Please fix the highlighted fields' and focuses the first bad field.
 */
export function PlaceFormDialog({ open, onOpenChange, placeId }: { open: boolean; onOpenChange: (open: boolean) => void; placeId: number | null }) {
  const { t } = useTranslation('admin');
  const { pick } = usePreferences();
  const place = useAdminPlaceQuery(open ? placeId : null);
  const categories = useAdminCategoriesQuery();
  const zones = useAdminZonesQuery();
  const save = useSavePlace();
  const [uploads, setUploads] = useState({ logo: false, image: false });
  const form = useForm<PlaceFormValues>({ resolver: zodResolver(placeFormSchema) as never, defaultValues: emptyPlaceForm });
  const { errors } = form.formState;
  const youtubeUrl = useWatch({ control: form.control, name: 'details.youtubeUrl' });
  const embedUrl = toYouTubeEmbedUrl(youtubeUrl);
  const editing = placeId !== null;

  useEffect(() => {
    if (!open) return;
    form.reset(editing ? (place.data ? placeToForm(place.data) : emptyPlaceForm) : emptyPlaceForm);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, placeId, place.data?.id, place.data?.updatedAt]);

  const message = (name: Field) => {
    const m = (get(errors, name) as { message?: string } | undefined)?.message;
    if (!m) return undefined;
    const key = MESSAGE_KEYS.get(m);
    return key ? t(key) : m;
  };

  const onSubmit = form.handleSubmit(
    () => {
      // The raw values: on update an emptied field must reach the server as null (cleared).
      save.mutate({ id: placeId ?? undefined, input: toPlacePayload(form.getValues(), editing ? 'update' : 'create') }, {
        onSuccess: () => onOpenChange(false),
        onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS),
      });
    },
    () => toaster.create({ type: 'error', title: t('places.fixFields') }),
  );

  const loadingPlace = editing && place.isPending;
  const failedPlace = editing && place.isError;
  const uploading = uploads.logo || uploads.image;

  const image = (name: 'logoUrl' | 'details.imageUrl', label: string, key: 'logo' | 'image') => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <ImageUploadField
          label={label}
          value={field.value as string | null | undefined}
          onChange={(url) => field.onChange(url ?? '')}
          upload={uploadPlaceImage}
          onUploadingChange={(busy) => setUploads((u) => ({ ...u, [key]: busy }))}
          error={message(name)}
        />
      )}
    />
  );

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
          <Fieldset.Root>
            <Fieldset.Legend fontSize="md" fontWeight="semibold">{t('places.sections.basic')}</Fieldset.Legend>
            <Fieldset.Content>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <AdminField label={t('places.fields.name')} error={message('name')} required>
                  <Input {...form.register('name')} lang="en" autoComplete="off" />
                </AdminField>
                <AdminField label={t('places.fields.nameAr')} error={message('nameAr')}>
                  <Input {...form.register('nameAr')} dir="rtl" lang="ar" autoComplete="off" />
                </AdminField>
                <AdminField label={t('places.fields.category')} error={message('categoryId')} required>
                  <NativeSelect.Root>
                    <NativeSelect.Field {...form.register('categoryId', { setValueAs: (v) => selectId(v) ?? undefined })}>
                      <option value="">{t('places.chooseCategory')}</option>
                      {(categories.data ?? []).map((c) => <option key={c.id} value={c.id}>{pick(c.name, c.nameAr)}</option>)}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </AdminField>
                <AdminField label={t('places.fields.zone')} error={message('zoneId')}>
                  <NativeSelect.Root>
                    <NativeSelect.Field {...form.register('zoneId', { setValueAs: selectId })}>
                      <option value="">{t('places.noZone')}</option>
                      {(zones.data ?? []).map((z) => <option key={z.id} value={z.id}>{pick(z.title, z.titleAr)}</option>)}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </AdminField>
              </SimpleGrid>
              {image('logoUrl', t('places.fields.logo'), 'logo')}
            </Fieldset.Content>
          </Fieldset.Root>

          <Fieldset.Root>
            <Fieldset.Legend fontSize="md" fontWeight="semibold">{t('places.sections.contact')}</Fieldset.Legend>
            <Fieldset.Content>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <AdminField label={t('places.fields.phone')} error={message('phone')}>
                  <Input {...form.register('phone')} type="tel" dir="ltr" autoComplete="off" />
                </AdminField>
                <AdminField label={t('places.fields.whatsapp')} error={message('whatsapp')}>
                  <Input {...form.register('whatsapp')} type="tel" dir="ltr" autoComplete="off" />
                </AdminField>
              </SimpleGrid>
              <AdminField label={t('places.fields.websiteUrl')} error={message('websiteUrl')}>
                <Input {...form.register('websiteUrl')} type="url" dir="ltr" placeholder="https://…" />
              </AdminField>
              <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                <AdminField label={t('places.fields.managerName')} error={message('managerName')}>
                  <Input {...form.register('managerName')} lang="en" autoComplete="off" />
                </AdminField>
                <AdminField label={t('places.fields.managerNameAr')} error={message('managerNameAr')}>
                  <Input {...form.register('managerNameAr')} dir="rtl" lang="ar" autoComplete="off" />
                </AdminField>
                <AdminField label={t('places.fields.managerPhone')} error={message('managerPhone')}>
                  <Input {...form.register('managerPhone')} type="tel" dir="ltr" autoComplete="off" />
                </AdminField>
              </SimpleGrid>
            </Fieldset.Content>
          </Fieldset.Root>

          <Fieldset.Root>
            <Fieldset.Legend fontSize="md" fontWeight="semibold">{t('places.sections.location')}</Fieldset.Legend>
            <Fieldset.Content>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <AdminField label={t('places.fields.address')} error={message('address')}>
                  <Input {...form.register('address')} lang="en" autoComplete="off" />
                </AdminField>
                <AdminField label={t('places.fields.addressAr')} error={message('addressAr')}>
                  <Input {...form.register('addressAr')} dir="rtl" lang="ar" autoComplete="off" />
                </AdminField>
              </SimpleGrid>
              <AdminField label={t('places.fields.mapUrl')} error={message('mapUrl')}>
                <Input {...form.register('mapUrl')} type="url" dir="ltr" placeholder="https://…" />
              </AdminField>
            </Fieldset.Content>
          </Fieldset.Root>

          <Fieldset.Root>
            <Fieldset.Legend fontSize="md" fontWeight="semibold">{t('places.sections.details')}</Fieldset.Legend>
            <Fieldset.Content>
              <AdminField label={t('places.fields.description')} error={message('details.description')}>
                <Textarea {...form.register('details.description')} rows={4} />
              </AdminField>
              {image('details.imageUrl', t('places.fields.image'), 'image')}
              <AdminField label={t('places.fields.youtubeUrl')} error={message('details.youtubeUrl')} helper={t('places.fields.youtubeHelper')}>
                <Input {...form.register('details.youtubeUrl')} type="url" dir="ltr" placeholder="https://www.youtube.com/watch?v=…" />
              </AdminField>
              {embedUrl && (
                <Stack gap="1">
                  <Text fontSize="sm" fontWeight="medium">{t('places.videoPreview')}</Text>
                  <AspectRatio ratio={16 / 9} maxW="md">
                    <Box as="iframe" borderRadius="md" borderWidth="1px" {...{ src: embedUrl, title: t('places.videoPreview'), allow: 'encrypted-media; picture-in-picture', allowFullScreen: true, loading: 'lazy', referrerPolicy: 'strict-origin-when-cross-origin' }} />
                  </AspectRatio>
                </Stack>
              )}
            </Fieldset.Content>
          </Fieldset.Root>
        </>
      )}
    </FormDialog>
  );
}
