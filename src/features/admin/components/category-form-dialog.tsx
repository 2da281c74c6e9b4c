import { Input, SimpleGrid } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ImageUploadField } from '../../../components/ui/image-upload.tsx';
import type { Category } from '../../../shared/schemas/entity-schemas.ts';
import { useSaveCategory } from '../api/admin-categories-api.ts';
import { uploaderFor } from '../api/admin-uploads-api.ts';
import { categoryFormSchema, type CategoryFormValues } from '../admin-forms.ts';
import { AdminField, useFieldErrorText } from './admin-field.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { applyServerFieldErrors } from '../../../lib/form-server-errors.ts';

const FIELDS = ['name', 'nameAr', 'slug', 'iconUrl'] as const;
const uploadIcon = uploaderFor('categories');

const valuesOf = (c: Category | null): CategoryFormValues => ({
  name: c?.name ?? '',
  nameAr: c?.nameAr ?? '',
  slug: c?.slug ?? '',
  iconUrl: c?.iconUrl ?? '',
});

/**
 * Create/edit category: name (required), Arabic name, slug (optional: made from the
 * name), icon uploaded or linked through the image-upload widget (a /uploads/ path or http(s) URL).
 */
export function CategoryFormDialog({ open, onOpenChange, category }: { open: boolean; onOpenChange: (open: boolean) => void; category: Category | null }) {
  const { t } = useTranslation('admin');
  const save = useSaveCategory();
  const errorText = useFieldErrorText();
  const [uploading, setUploading] = useState(false);
  const form = useForm({ resolver: zodResolver(categoryFormSchema), defaultValues: valuesOf(category) });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) form.reset(valuesOf(category));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, category?.id]);

  const onSubmit = form.handleSubmit((v) => {
    const input = {
      name: v.name,
      nameAr: v.nameAr || (category ? null : undefined),
      ...(v.slug ? { slug: v.slug } : {}),
      iconUrl: v.iconUrl || null,
    };
    save.mutate({ id: category?.id, input }, {
      onSuccess: () => onOpenChange(false),
      onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS),
    });
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={category ? t('categories.editTitle') : t('categories.createTitle')}
      onSubmit={onSubmit}
      pending={save.isPending}
      submitDisabled={uploading}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <AdminField label={t('categories.fields.name')} error={errors.name?.message} required>
          <Input {...form.register('name')} lang="en" autoComplete="off" />
        </AdminField>
        <AdminField label={t('categories.fields.nameAr')} error={errors.nameAr?.message}>
          <Input {...form.register('nameAr')} dir="rtl" lang="ar" autoComplete="off" />
        </AdminField>
      </SimpleGrid>
      <AdminField label={t('categories.fields.slug')} error={errors.slug?.message} helper={t('common.slugHelper')}>
        <Input {...form.register('slug')} dir="ltr" autoComplete="off" spellCheck={false} />
      </AdminField>
      <Controller
        control={form.control}
        name="iconUrl"
        render={({ field, fieldState }) => (
          <ImageUploadField
            label={t('categories.fields.icon')}
            value={field.value}
            onChange={(url) => field.onChange(url ?? '')}
            upload={uploadIcon}
            onUploadingChange={setUploading}
            error={errorText(fieldState.error?.message)}
          />
        )}
      />
    </FormDialog>
  );
}
