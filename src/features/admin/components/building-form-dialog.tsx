import { Checkbox, Input, SimpleGrid, Textarea } from '@chakra-ui/react';
import '../../../components/ui/late-recipes.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Building } from '../../../shared/schemas/entity-schemas.ts';
import { useSaveBuilding } from '../api/admin-buildings-api.ts';
import { buildingFormSchema, optionalFields, type BuildingFormValues } from '../admin-forms.ts';
import { AdminField } from './admin-field.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { applyServerFieldErrors } from '../../../lib/form-server-errors.ts';

const FIELDS = ['name', 'nameAr', 'number', 'description', 'descriptionAr', 'mapUrl', 'hasDetails', 'order'] as const;

const valuesOf = (b: Building | null, nextOrder: number): BuildingFormValues => ({
  name: b?.name ?? '',
  nameAr: b?.nameAr ?? '',
  number: b?.number ?? '',
  description: b?.description ?? '',
  descriptionAr: b?.descriptionAr ?? '',
  mapUrl: b?.mapUrl ?? '',
  hasDetails: b?.hasDetails ?? false,
  order: String(b?.order ?? nextOrder),
});

/**
 * Create/edit building of a zone: name (required) and Arabic name, building number,
 * descriptions, map URL (optional http(s) URL), has-details flag and order (a whole number).
 */
export function BuildingFormDialog({ open, onOpenChange, zoneId, building, nextOrder }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  zoneId: number;
  building: Building | null;
  nextOrder: number;
}) {
  const { t } = useTranslation('admin');
  const save = useSaveBuilding();
  const form = useForm({ resolver: zodResolver(buildingFormSchema), defaultValues: valuesOf(building, nextOrder) });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) form.reset(valuesOf(building, nextOrder));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, building?.id]);

  const onSubmit = form.handleSubmit((v) => {
    const mode = building ? 'update' : 'create';
    const input = {
      name: v.name,
      hasDetails: v.hasDetails,
      order: v.order,
      ...optionalFields(v, ['nameAr', 'number', 'description', 'descriptionAr'], mode),
      mapUrl: v.mapUrl || null,
    };
    save.mutate({ zoneId, id: building?.id, input }, {
      onSuccess: () => onOpenChange(false),
      onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS),
    });
  });

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={building ? t('buildings.editTitle') : t('buildings.createTitle')} onSubmit={onSubmit} pending={save.isPending} size="lg">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <AdminField label={t('buildings.fields.name')} error={errors.name?.message} required>
          <Input {...form.register('name')} lang="en" autoComplete="off" />
        </AdminField>
        <AdminField label={t('buildings.fields.nameAr')} error={errors.nameAr?.message}>
          <Input {...form.register('nameAr')} dir="rtl" lang="ar" autoComplete="off" />
        </AdminField>
        <AdminField label={t('buildings.fields.number')} error={errors.number?.message}>
          <Input {...form.register('number')} dir="ltr" autoComplete="off" />
        </AdminField>
        <AdminField label={t('buildings.fields.order')} error={errors.order?.message} required>
          <Input {...form.register('order')} inputMode="numeric" dir="ltr" autoComplete="off" />
        </AdminField>
      </SimpleGrid>
      <AdminField label={t('buildings.fields.mapUrl')} error={errors.mapUrl?.message}>
        <Input {...form.register('mapUrl')} type="url" dir="ltr" placeholder="https://…" />
      </AdminField>
      <AdminField label={t('buildings.fields.description')} error={errors.description?.message}>
        <Textarea {...form.register('description')} rows={3} lang="en" dir="ltr" />
      </AdminField>
      <AdminField label={t('buildings.fields.descriptionAr')} error={errors.descriptionAr?.message}>
        <Textarea {...form.register('descriptionAr')} rows={3} lang="ar" dir="rtl" />
      </AdminField>
      <Controller
        control={form.control}
        name="hasDetails"
        render={({ field }) => (
          <Checkbox.Root checked={field.value} onCheckedChange={(d) => field.onChange(d.checked === true)} colorPalette="brand">
            <Checkbox.HiddenInput name={field.name} onBlur={field.onBlur} />
            <Checkbox.Control />
            <Checkbox.Label>{t('buildings.fields.hasDetails')}</Checkbox.Label>
          </Checkbox.Root>
        )}
      />
    </FormDialog>
  );
}
