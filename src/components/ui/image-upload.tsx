import { Alert, Box, Button, HStack, Image, Input, Spinner, Stack, Tabs, Text, VisuallyHidden } from '@chakra-ui/react';
import './late-recipes.ts';
import { ImagePlus, Link2, Trash2, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../shared/schemas/common-schemas.ts';
import { uploadProblemOf, type UploadProblem } from '../../lib/upload-image.ts';
import '../../lib/late-strings.ts';

/** Accepted image types (PNG, JPG, GIF). */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
const ACCEPT = IMAGE_MIME_TYPES.join(',');

export type ImageFileProblem = 'invalidFileType' | 'fileTooLarge';

/**
 * Checks a picked file before any upload: it must be a PNG, JPG or GIF image and at most
 * `maxBytes` (default 5 MB = 5 242 880 bytes). Returns the problem's i18n key under `imageUpload.`, or null.
 */
export function checkImageFile(file: Pick<File, 'type' | 'size'>, maxBytes: number = LIMITS.imageMaxBytes): ImageFileProblem | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return 'invalidFileType';
  if (file.size > maxBytes) return 'fileTooLarge';
  return null;
}

type Problem = ImageFileProblem | UploadProblem | 'previewFailed';

export interface ImageUploadFieldProps {
  /** The current image URL (an http(s) URL or a /uploads/ path); null/empty when none. */
  value: string | null | undefined;
  /** Called with the new URL after an upload or an added link, and with null on Remove. */
  onChange: (url: string | null) => void;
  /** Uploads the file (multipart) and resolves to its URL; a rejection shows the server's reason (uploadProblemOf). */
  upload: (file: File) => Promise<string>;
  /** Accessible name of the widget (e.g. 'Logo'); shown as the group label when `showLabel`. */
  label: string;
  showLabel?: boolean;
  /** Told when an upload starts and ends, so a form can hold its submit meanwhile. */
  onUploadingChange?: (uploading: boolean) => void;
  /** An error from the surrounding form (e.g. 'invalid URL'), shown under the widget. */
  error?: string;
  disabled?: boolean;
  maxBytes?: number;
}

/**
 * Image-upload widget: tabs Upload (pick or drop a PNG/JPG/GIF up to 5 MB) or Link (paste
 * a URL + Add, 'URL required' when blank); once an image is set, a preview with Remove. States: idle,
 * uploading (spinner, announced), error (alert with the reason), shown. A preview that fails to load
 * hides the image and says so, keeping Remove. Generic: the caller supplies `upload`.
 */
export function ImageUploadField({ value, onChange, upload, label, showLabel = true, onUploadingChange, error, disabled, maxBytes = LIMITS.imageMaxBytes }: ImageUploadFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [tab, setTab] = useState<'upload' | 'link'>('upload');
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [link, setLink] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);
  const [dragOver, setDragOver] = useState(false);
  const alive = useRef(true);
  useEffect(() => () => { alive.current = false; }, []);

  // A new value gets a fresh chance to load its preview.
  useEffect(() => {
    setProblem((p) => (p === 'previewFailed' ? null : p));
  }, [value]);

  const setBusy = (busy: boolean) => {
    setUploading(busy);
    onUploadingChange?.(busy);
  };

  const handleFile = async (file: File | undefined) => {
    if (!file || uploading) return;
    const bad = checkImageFile(file, maxBytes);
    if (bad) {
      setProblem(bad);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const url = await upload(file);
      if (alive.current) onChange(url);
    } catch (error) {
      // The server's reason (wrong type by content, too large, unreadable…), not only "failed".
      if (alive.current) setProblem(uploadProblemOf(error));
    } finally {
      if (alive.current) setBusy(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const addLink = () => {
    const url = link.trim();
    if (!url) {
      setLinkError(t('imageUpload.urlRequired'));
      return;
    }
    setLinkError(null);
    setProblem(null);
    setLink('');
    onChange(url);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragOver(false);
    if (!disabled) void handleFile(e.dataTransfer.files[0]);
  };

  const maxSize = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  const problemText = problem && {
    title: t(`imageUpload.${problem}`, { maxSize }),
    description: problem === 'fileTooLarge' || problem === 'invalidFileType' ? t(`imageUpload.${problem}Description`, { maxSize }) : undefined,
  };
  const labelId = `${id}-label`;
  const shown = !!value;

  return (
    <Stack gap="2" role="group" aria-labelledby={labelId}>
      {showLabel ? (
        <Text id={labelId} fontWeight="medium" fontSize="sm">{label}</Text>
      ) : (
        <VisuallyHidden id={labelId}>{label}</VisuallyHidden>
      )}

      {shown ? (
        <HStack gap="3" align="center" borderWidth="1px" borderRadius="lg" p="3" bg="bg.subtle">
          {problem === 'previewFailed' ? (
            <Box boxSize="20" borderRadius="md" bg="bg.muted" display="flex" alignItems="center" justifyContent="center" color="fg.muted" flexShrink={0}>
              <ImagePlus aria-hidden />
            </Box>
          ) : (
            <Image
              src={value}
              alt={t('imageUpload.previewAlt', { label })}
              boxSize="20"
              objectFit="contain"
              borderRadius="md"
              bg="bg.muted"
              flexShrink={0}
              onError={() => setProblem('previewFailed')}
            />
          )}
          <Stack gap="1" minW="0" flex="1">
            <Text fontSize="xs" color="fg.muted" truncate dir="ltr" textAlign="start" title={value}>{value}</Text>
            <Box>
              <Button size="xs" variant="outline" colorPalette="red" onClick={() => { setProblem(null); onChange(null); }} disabled={disabled}>
                <Trash2 aria-hidden /> {t('imageUpload.remove')}
              </Button>
            </Box>
          </Stack>
        </HStack>
      ) : (
        <Tabs.Root value={tab} onValueChange={(d) => setTab(d.value as 'upload' | 'link')} variant="enclosed" size="sm" fitted>
          <Tabs.List aria-label={t('imageUpload.sourceLabel', { label })}>
            <Tabs.Trigger value="upload" disabled={uploading}><Upload aria-hidden size={14} /> {t('imageUpload.uploadTab')}</Tabs.Trigger>
            <Tabs.Trigger value="link" disabled={uploading}><Link2 aria-hidden size={14} /> {t('imageUpload.linkTab')}</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="upload" pt="2">
            <Box
              borderWidth="2px"
              borderStyle="dashed"
              borderColor={dragOver ? 'brand.solid' : 'border'}
              bg={dragOver ? 'brand.subtle' : undefined}
              borderRadius="lg"
              p="4"
              textAlign="center"
              onDragOver={(e) => { e.preventDefault(); setDragOver(true); }}
              onDragLeave={() => setDragOver(false)}
              onDrop={onDrop}
            >
              {uploading ? (
                <HStack justify="center" gap="2" role="status" aria-live="polite">
                  <Spinner size="sm" color="brand.solid" />
                  <Text fontSize="sm">{t('imageUpload.uploading')}</Text>
                </HStack>
              ) : (
                <Stack gap="2" align="center">
                  <input
                    ref={fileInput}
                    id={`${id}-file`}
                    type="file"
                    accept={ACCEPT}
                    aria-label={t('imageUpload.chooseFileLabel', { label })}
                    disabled={disabled}
                    style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
                    tabIndex={-1}
                    onChange={(e) => void handleFile(e.target.files?.[0])}
                  />
                  <Button size="sm" variant="outline" onClick={() => fileInput.current?.click()} disabled={disabled}>
                    <ImagePlus aria-hidden /> {t('imageUpload.chooseFile')}
                  </Button>
                  <Text fontSize="xs" color="fg.muted">{t('imageUpload.hint', { maxSize })}</Text>
                </Stack>
              )}
            </Box>
          </Tabs.Content>
          <Tabs.Content value="link" pt="2">
            <Stack gap="1">
              <HStack gap="2" align="start">
                <Input
                  size="sm"
                  type="url"
                  dir="ltr"
                  value={link}
                  placeholder="https://…"
                  aria-label={t('imageUpload.urlLabel', { label })}
                  aria-invalid={linkError ? true : undefined}
                  aria-describedby={linkError ? `${id}-link-error` : undefined}
                  disabled={disabled}
                  onChange={(e) => { setLink(e.target.value); if (linkError) setLinkError(null); }}
                  onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); addLink(); } }}
                />
                <Button size="sm" onClick={addLink} disabled={disabled} colorPalette="brand">{t('imageUpload.add')}</Button>
              </HStack>
              {linkError && <Text id={`${id}-link-error`} role="alert" fontSize="sm" color={{ _light: 'red.700', _dark: 'red.300' }}>{linkError}</Text>}
            </Stack>
          </Tabs.Content>
        </Tabs.Root>
      )}

      {problemText && (
        <Alert.Root status="error" role="alert" size="sm" borderRadius="md">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{problemText.title}</Alert.Title>
            {problemText.description && <Alert.Description>{problemText.description}</Alert.Description>}
          </Alert.Content>
        </Alert.Root>
      )}
      {error && <Text role="alert" fontSize="sm" color={{ _light: 'red.700', _dark: 'red.300' }}>{error}</Text>}
    </Stack>
  );
}
