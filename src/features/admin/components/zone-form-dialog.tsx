import { Input, SimpleGrid, Textarea } from '@chakra-ui/react';
import '../../../components/ui/late-recipes.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Zone } from '../../../shared/schemas/entity-schemas.ts';
import { useSaveZone } from '../api/admin-zones-api.ts';
import { optionalFields, zoneFormSchema, type ZoneFormValues } from '../admin-forms.ts';
import { AdminField } from './admin-field.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { applyServerFieldErrors } from '../../../lib/form-server-errors.ts';

const FIELDS = ['title', 'titleAr', 'slug', 'order', 'locationUrl', 'description', 'descriptionAr'] as const;

const valuesOf = (zone: Zone | null, nextOrder: number): ZoneFormValues => ({
  title: zone?.title ?? '',
  titleAr: zone?.titleAr ?? '',
  slug: zone?.slug ?? '',
  order: String(zone?.order ?? nextOrder),
  locationUrl: zone?.locationUrl ?? '',
  description: zone?.description ?? '',
  descriptionAr: zone?.descriptionAr ?? '',
});

/**
 * Create/edit zone: title (required), Arabic title, slug (optional: made from the title),
 * order (a whole number), location URL (optional http(s) URL), descriptions in English and Arabic.
 */
export function ZoneFormDialog({ open, onOpenChange, zone, nextOrder }: { open: boolean; onOpenChange: (open: boolean) => void; zone: Zone | null; nextOrder: number }) {
  const { t } = useTranslation('admin');
  const save = useSaveZone();
  const form = useForm({ resolver: zodResolver(zoneFormSchema), defaultValues: valuesOf(zone, nextOrder) });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) form.reset(valuesOf(zone, nextOrder));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, zone?.id]);

  const onSubmit = form.handleSubmit((v) => {
    const mode = zone ? 'update' : 'create';
    const input = {
      title: v.title,
      order: v.order,
      ...optionalFields(v, ['titleAr', 'description', 'descriptionAr'], mode),
      ...(v.slug ? { slug: v.slug } : {}),
      locationUrl: v.locationUrl || null,
    };
    save.mutate({ id: zone?.id, input }, {
      onSuccess: () => onOpenChange(false),
      onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS),
    });
  });

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={zone ? t('zones.editTitle') : t('zones.createTitle')} onSubmit={onSubmit} pending={save.isPending} size="lg">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <AdminField label={t('zones.fields.title')} error={errors.title?.message} required>
          <Input {...form.register('title')} lang="en" autoComplete="off" />
        </AdminField>
        <AdminField label={t('zones.fields.titleAr')} error={errors.titleAr?.message}>
          <Input {...form.register('titleAr')} dir="rtl" lang="ar" autoComplete="off" />
        </AdminField>
        <AdminField label={t('zones.fields.slug')} error={errors.slug?.message} helper={t('common.slugHelper')}>
          <Input {...form.register('slug')} dir="ltr" autoComplete="off" spellCheck={false} />
        </AdminField>
        <AdminField label={t('zones.fields.order')} error={errors.order?.message} required>
          <Input {...form.register('order')} inputMode="numeric" dir="ltr" autoComplete="off" />
        </AdminField>
      </SimpleGrid>
      <AdminField label={t('zones.fields.locationUrl')} error={errors.locationUrl?.message} helper={t('zones.fields.locationUrlHelper')}>
        <Input {...form.register('locationUrl')} type="url" dir="ltr" placeholder="https://…" />
      </AdminField>
      <AdminField label={t('zones.fields.description')} error={errors.description?.message}>
        <Textarea {...form.register('description')} rows={3} lang="en" dir="ltr" />
      </AdminField>
      <AdminField label={t('zones.fields.descriptionAr')} error={errors.descriptionAr?.message}>
        <Textarea {...form.register('descriptionAr')} rows={3} lang="ar" dir="rtl" />
      </AdminField>
    </FormDialog>
  );
}
