import { AspectRatio, Box, Fieldset, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import '../ui/late-recipes.ts';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, get, useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { toYouTubeEmbedUrl } from '../../shared/youtube.ts';
import { ImageUploadField } from '../ui/image-upload.tsx';
import { LabeledField } from '../ui/labeled-field.tsx';
import { HoursEditor } from './hours-editor.tsx';
import { selectId, type PlaceFormValues } from './form-values.ts';

/** The texts the place form shows; each form supplies them from its own namespace. */
export type PlaceFormText =
  | 'sections.basic' | 'sections.contact' | 'sections.location' | 'sections.details'
  | `fields.${'name' | 'nameAr' | 'category' | 'zone' | 'logo' | 'phone' | 'whatsapp' | 'websiteUrl' | 'managerName'
    | 'managerNameAr' | 'managerPhone' | 'address' | 'addressAr' | 'mapUrl' | 'description' | 'image' | 'youtubeUrl' | 'youtubeHelper'}`
  | 'chooseCategory' | 'noZone' | 'videoPreview';

/** A choice of the category and zone selects, its label already in the page's language. */
export interface PlaceFormOption {
  id: number;
  label: string;
}

export interface PlaceFormFieldsProps {
  form: UseFormReturn<PlaceFormValues>;
  text: (key: PlaceFormText) => string;
  /** A field's message (the shared schema's English text or a server message) in the page's language. */
  errorText: (message: string | undefined) => string | undefined;
  categories: PlaceFormOption[];
  zones: PlaceFormOption[];
  /** Uploads a logo or main image and resolves to its URL (ImageUploadField's `upload`). */
  upload: (file: File) => Promise<string>;
  /** Told when any image upload starts or ends, so the form can hold its submit meanwhile. */
  onUploadingChange?: (uploading: boolean) => void;
  /**
   * The English name may stay empty (the Arabic one is then used for the API's required `name`;
   * Arabic pages of the contributors' add dialog): not marked required, and this helper explains it.
   */
  nameOptionalHelper?: string;
}

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    // A fieldset is at least as wide as its min-content (a long image URL): minW 0 lets it shrink.
    <Fieldset.Root minW="0">
      <Fieldset.Legend fontSize="md" fontWeight="semibold">{legend}</Fieldset.Legend>
      <Fieldset.Content>{children}</Fieldset.Content>
    </Fieldset.Root>
  );
}

/**
 * The place form's fields, shared by the admin console and the contributors' add and
 * edit dialogs, in sections basic (names — the Arabic one first on Arabic pages —, category, zone, logo), contact (phone, WhatsApp, website,
 * manager), opening hours (HoursEditor), location (addresses, map URL) and additional details (description, main image, YouTube
 * link with an embedded preview once it is a valid watch/embed/shorts/youtu.be link).
 */
export function PlaceFormFields({ form, text, errorText, categories, zones, upload, onUploadingChange, nameOptionalHelper }: PlaceFormFieldsProps) {
  const { errors } = form.formState;
  const { t, i18n } = useTranslation('common');
  // Arabic pages put each Arabic field (name, manager, address) before its English twin (issue 30)
  const arabicFirst = i18n.language === 'ar';
  const pair = (en: ReactNode, ar: ReactNode) => (arabicFirst ? <>{ar}{en}</> : <>{en}{ar}</>);
  const uploads = useRef({ logo: false, image: false });
  const youtubeUrl = useWatch({ control: form.control, name: 'details.youtubeUrl' });
  const arabicName = useWatch({ control: form.control, name: 'nameAr' }) as string | null | undefined;
  const embedUrl = toYouTubeEmbedUrl(youtubeUrl);
  const message = (name: FieldPath<PlaceFormValues>) => errorText((get(errors, name) as { message?: string } | undefined)?.message);
  const field = (name: FieldPath<PlaceFormValues>, label: PlaceFormText, control: ReactNode, options: { required?: boolean; helper?: string } = {}) => (
    <LabeledField label={text(label)} error={message(name)} required={options.required} helper={options.helper}>{control}</LabeledField>
  );
  const english = (name: 'name' | 'managerName' | 'address') => <Input {...form.register(name)} lang="en" autoComplete="off" />;
  const arabic = (name: 'nameAr' | 'managerNameAr' | 'addressAr') => <Input {...form.register(name)} dir="rtl" lang="ar" autoComplete="off" />;
  const phone = (name: 'phone' | 'whatsapp' | 'managerPhone') => <Input {...form.register(name)} type="tel" dir="ltr" autoComplete="off" />;
  const url = (name: 'websiteUrl' | 'mapUrl' | 'details.youtubeUrl', placeholder = 'https://…') => <Input {...form.register(name)} type="url" dir="ltr" placeholder={placeholder} />;

  const image = (name: 'logoUrl' | 'details.imageUrl', label: PlaceFormText, key: 'logo' | 'image') => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: f }) => (
        <ImageUploadField
          label={text(label)}
          value={f.value as string | null | undefined}
          onChange={(value) => f.onChange(value ?? '')}
          upload={upload}
          onUploadingChange={(busy) => {
            uploads.current[key] = busy;
            onUploadingChange?.(uploads.current.logo || uploads.current.image);
          }}
          error={message(name)}
        />
      )}
    />
  );

  return (
    <>
      <Section legend={text('sections.basic')}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {pair(
            nameOptionalHelper && !arabicName?.trim()
              // no Arabic name yet: a missing name is said once, under the Arabic name
              ? <LabeledField label={text('fields.name')} helper={nameOptionalHelper}>{english('name')}</LabeledField>
              : field('name', 'fields.name', english('name'), nameOptionalHelper ? { helper: nameOptionalHelper } : { required: true }),
            // the Arabic name alone suffices: it is the required one, and a missing name is said under it
            nameOptionalHelper
              ? <LabeledField label={text('fields.nameAr')} error={message('nameAr') ?? message('name')} required>{arabic('nameAr')}</LabeledField>
              : field('nameAr', 'fields.nameAr', arabic('nameAr')),
          )}
          {field('categoryId', 'fields.category', (
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('categoryId', { setValueAs: (v) => selectId(v) ?? undefined })}>
                <option value="">{text('chooseCategory')}</option>
                {categories.map((c) => <option key={c.id} value={c.id}>{c.label}</option>)}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          ), { required: true })}
          {field('zoneId', 'fields.zone', (
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('zoneId', { setValueAs: selectId })}>
                <option value="">{text('noZone')}</option>
                {zones.map((z) => <option key={z.id} value={z.id}>{z.label}</option>)}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          ))}
        </SimpleGrid>
        {image('logoUrl', 'fields.logo', 'logo')}
      </Section>

      <Section legend={text('sections.contact')}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {field('phone', 'fields.phone', phone('phone'))}
          {field('whatsapp', 'fields.whatsapp', phone('whatsapp'))}
        </SimpleGrid>
        {field('websiteUrl', 'fields.websiteUrl', url('websiteUrl'))}
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          {pair(field('managerName', 'fields.managerName', english('managerName')), field('managerNameAr', 'fields.managerNameAr', arabic('managerNameAr')))}
          {field('managerPhone', 'fields.managerPhone', phone('managerPhone'))}
        </SimpleGrid>
      </Section>

      <Section legend={t('place.hours')}>
        <Controller
          control={form.control}
          name="openingHours"
          render={({ field: f }) => <HoursEditor value={(f.value as string | null | undefined) ?? ''} onChange={f.onChange} error={message('openingHours')} />}
        />
      </Section>

      <Section legend={text('sections.location')}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {pair(field('address', 'fields.address', english('address')), field('addressAr', 'fields.addressAr', arabic('addressAr')))}
        </SimpleGrid>
        {field('mapUrl', 'fields.mapUrl', url('mapUrl'))}
      </Section>

      <Section legend={text('sections.details')}>
        {field('details.description', 'fields.description', <Textarea {...form.register('details.description')} rows={4} />)}
        {image('details.imageUrl', 'fields.image', 'image')}
        {field('details.youtubeUrl', 'fields.youtubeUrl', url('details.youtubeUrl', 'https://www.youtube.com/watch?v=…'), { helper: text('fields.youtubeHelper') })}
        {embedUrl && (
          <Stack gap="1">
            <Text fontSize="sm" fontWeight="medium">{text('videoPreview')}</Text>
            <AspectRatio ratio={16 / 9} maxW="md">
              <Box as="iframe" borderRadius="md" borderWidth="1px" {...{ src: embedUrl, title: text('videoPreview'), allow: 'encrypted-media; picture-in-picture', allowFullScreen: true, loading: 'lazy', referrerPolicy: 'strict-origin-when-cross-origin' }} />
            </AspectRatio>
          </Stack>
        )}
      </Section>
    </>
  );
}

const FIELD_TEXT: Record<string, PlaceFormText> = {
  categoryId: 'fields.category', zoneId: 'fields.zone', logoUrl: 'fields.logo',
  'details.description': 'fields.description', 'details.imageUrl': 'fields.image', 'details.youtubeUrl': 'fields.youtubeUrl',
};

/** The label text key of a payload field ('name', 'categoryId', 'details.imageUrl'…), or null for an unknown one. */
export function placeFieldTextKey(field: string): PlaceFormText | null {
  if (FIELD_TEXT[field]) return FIELD_TEXT[field];
  const known = ['name', 'nameAr', 'phone', 'whatsapp', 'websiteUrl', 'managerName', 'managerNameAr', 'managerPhone', 'address', 'addressAr', 'mapUrl'];
  return known.includes(field) ? (`fields.${field}` as PlaceFormText) : null;
}
