import { Box, Button, Dialog, Field, HStack, Image, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import '../../../components/ui/late-recipes.ts';
import { ImagePlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkImageFile, IMAGE_MIME_TYPES } from '../../../components/ui/image-upload.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { LIMITS } from '../../../shared/schemas/common-schemas.ts';
import { uploadProblemOf } from '../../../lib/upload-image.ts';
import type { WebsiteSettings } from '../../../shared/schemas/entity-schemas.ts';
import { useAdminWebsiteSettingsQuery } from '../api/admin-website-settings-api.ts';
import { toSettingsUpdate, useUpdateWebsiteSettings } from '../api/admin-website-settings-api.ts';
import { uploadAdminImage } from '../api/admin-uploads-api.ts';
import { DialogDismissButton } from '../../../components/ui/dialog-close-button.tsx';
import { DialogFrame } from '../../../components/ui/dialog-frame.tsx';

const errorColor = { _light: 'red.700', _dark: 'red.300' } as const;

/**
 * Change-logo modal: upload a file (image, at most 5 MB) or type a URL, see a preview,
 * Save (disabled with an empty URL or during an upload) or Remove (only when a logo exists; sets
 * logoUrl to null). A preview that fails to load is hidden and 'Invalid image URL' shown. An upload
 * failure says the server's reason; an uploaded file is "ready — save to apply" until Save. Save/Remove
 * failures are shown in the dialog (issue #17), which stays open for another try.
 */
export function ChangeLogoDialog({ open, onOpenChange, settings, onSaved }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Settings already known (the public ones), used until the admin read answers. */
  settings: WebsiteSettings;
  onSaved: (saved: WebsiteSettings) => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const [ready, setReady] = useState(false);
  const query = useAdminWebsiteSettingsQuery(open);
  const current = query.data ?? settings;
  const [url, setUrl] = useState('');
  const [touched, setTouched] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [previewFailed, setPreviewFailed] = useState(false);
  const [urlError, setUrlError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const mutation = useUpdateWebsiteSettings({ onSaved, silentErrors: true });
  const resetMutation = mutation.reset;

  useEffect(() => {
    if (open) {
      setTouched(false);
      setReady(false);
      setFileError(null);
      setUrlError(null);
      resetMutation();
    }
  }, [open, resetMutation]);
  useEffect(() => {
    if (open && !touched) setUrl(current.logoUrl ?? '');
  }, [open, touched, current.logoUrl]);
  useEffect(() => setPreviewFailed(false), [url]);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setFileError(null);
    // The same formats the upload endpoint takes (PNG, JPG, GIF), checked before sending.
    const problem = checkImageFile(file, LIMITS.imageMaxBytes);
    if (problem === 'invalidFileType') return setFileError(t('logo.invalidFileType'));
    if (problem === 'fileTooLarge') return setFileError(t('logo.fileTooLarge'));
    setUploading(true);
    try {
      const uploaded = await uploadAdminImage('website', file);
      setTouched(true);
      setUrl(uploaded);
      setUrlError(null);
      setReady(true);
    } catch (error) {
      const problem = uploadProblemOf(error);
      setFileError(problem === 'invalidFileType' ? t('logo.invalidFileType') : problem === 'fileTooLarge' ? t('logo.fileTooLarge')
        : problem === 'uploadFailed' ? t('logo.uploadError') : tc(`imageUpload.${problem}`));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const save = () => {
    const logoUrl = url.trim();
    if (!logoUrl) return setUrlError(t('logo.urlRequired'));
    mutation.mutate(toSettingsUpdate(current, { logoUrl }), {
      onSuccess: () => {
        toaster.create({ id: 'logo', type: 'success', title: t('logo.updateSuccess') });
        onOpenChange(false);
      },
    });
  };
  const remove = () => {
    mutation.mutate(toSettingsUpdate(current, { logoUrl: null }), {
      onSuccess: () => {
        toaster.create({ id: 'logo', type: 'success', title: t('logo.removeSuccess') });
        onOpenChange(false);
      },
    });
  };

  const trimmed = url.trim();
  const busy = uploading || mutation.isPending;
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title={t('logo.title')}>
      <Dialog.Body>
        <Stack gap="4">
          <Stack gap="2">
            <Text fontWeight="medium" fontSize="sm">{t('logo.uploadLabel')}</Text>
            <input
              ref={fileInput}
              type="file"
              accept={IMAGE_MIME_TYPES.join(',')}
              aria-label={t('logo.chooseFile')}
              tabIndex={-1}
              style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
            <HStack gap="3">
              <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()} disabled={busy}>
                <ImagePlus aria-hidden /> {t('logo.chooseFile')}
              </Button>
              {uploading && (
                <HStack gap="2" role="status" aria-live="polite">
                  <Spinner size="sm" color="brand.solid" />
                  <Text fontSize="sm">{t('logo.uploading')}</Text>
                </HStack>
              )}
            </HStack>
            <Text fontSize="xs" color="fg.muted">{t('logo.fileHint')}</Text>
            {fileError && <Text role="alert" fontSize="sm" color={errorColor}>{fileError}</Text>}
            {ready && !fileError && <Text role="status" fontSize="sm" color={{ _light: 'green.700', _dark: 'green.300' }}>{t('logo.uploadReady')}</Text>}
          </Stack>
          <Field.Root invalid={!!urlError || (previewFailed && !!trimmed)}>
            <Field.Label>{t('logo.urlLabel')}</Field.Label>
            <Input
              type="url"
              dir="ltr"
              value={url}
              placeholder="https://…"
              onChange={(e) => { setTouched(true); setReady(false); setUrl(e.target.value); setUrlError(null); }}
              disabled={uploading}
            />
            <Field.ErrorText color={errorColor}>{urlError ?? t('logo.invalidUrl')}</Field.ErrorText>
          </Field.Root>
          {trimmed && (
            <Box>
              <Text fontWeight="medium" fontSize="sm" mb="2">{t('logo.preview')}</Text>
              <Box borderWidth="1px" borderRadius="lg" p="3" bg="bg.subtle" display={previewFailed ? 'none' : 'flex'} justifyContent="center">
                <Image
                  key={trimmed}
                  src={trimmed}
                  alt={t('logo.previewAlt')}
                  maxH="32"
                  maxW="full"
                  objectFit="contain"
                  onError={() => setPreviewFailed(true)}
                  onLoad={() => setPreviewFailed(false)}
                />
              </Box>
            </Box>
          )}
        </Stack>
      </Dialog.Body>
      {mutation.isError && (
        <Box px="6" pb="2"><Text role="alert" fontSize="sm" color={errorColor}>{t('settings.updateError')}</Text></Box>
      )}
      <Dialog.Footer flexWrap="wrap">
        {current.logoUrl && (
          <Button variant="outline" colorPalette="red" me="auto" onClick={remove} disabled={busy}>
            {t('logo.remove')}
          </Button>
        )}
        <DialogDismissButton>{t('common.cancel')}</DialogDismissButton>
        <Button colorPalette="brand" onClick={save} disabled={!trimmed || busy} loading={mutation.isPending} loadingText={t('common.saving')}>
          {t('common.save')}
        </Button>
      </Dialog.Footer>
    </DialogFrame>
  );
}
