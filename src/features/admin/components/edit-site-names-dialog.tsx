import { Box, Button, Dialog, Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import '../../../components/ui/late-recipes.ts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toaster } from '../../../components/ui/toaster.tsx';
import { ApiError } from '../../../lib/api-client-error.ts';
import type { WebsiteSettings } from '../../../shared/schemas/entity-schemas.ts';
import { useAdminWebsiteSettingsQuery, toSettingsUpdate, useUpdateWebsiteSettings } from '../api/admin-website-settings-api.ts';
import { cityTimeZone, isKnownTimeZone } from '../../../shared/opening-hours.ts';
import { DialogDismissButton } from '../../../components/ui/dialog-close-button.tsx';
import { DialogFrame } from '../../../components/ui/dialog-frame.tsx';

/** The runtime's IANA time zones, offered as suggestions of the time zone field. */
const TIME_ZONES = Intl.supportedValuesOf('timeZone');

const errorColor = { _light: 'red.700', _dark: 'red.300' } as const;

/** The names the server sends for an unset name (empty names read as '...'). */
const unset = (s: string | null | undefined) => (!s || s === '...' ? '' : s);

/**
 * Edit-names modal: English site name (required: 'Site name is required'), Arabic
 * name, English and Arabic descriptions, the city's time zone (an IANA name the runtime knows). Save is disabled while the name is empty or saving; texts
 * are trimmed and an empty Arabic name is sent absent. Failures are swallowed.
 */
export function EditSiteNamesDialog({ open, onOpenChange, settings, onSaved }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  settings: WebsiteSettings;
  onSaved: (saved: WebsiteSettings) => void;
}) {
  const { t } = useTranslation('admin');
  const query = useAdminWebsiteSettingsQuery(open);
  const current = query.data ?? settings;
  const [form, setForm] = useState({ siteName: '', siteNameAr: '', siteDescription: '', siteDescriptionAr: '', timeZone: '' });
  const [touched, setTouched] = useState(false);
  const [nameError, setNameError] = useState(false);
  const mutation = useUpdateWebsiteSettings({ onSaved, silentErrors: true });
  const resetMutation = mutation.reset;

  useEffect(() => {
    if (open) {
      setTouched(false);
      setNameError(false);
      resetMutation();
    }
  }, [open, resetMutation]);
  useEffect(() => {
    if (open && !touched) {
      setForm({
        siteName: unset(current.siteName),
        siteNameAr: unset(current.siteNameAr),
        siteDescription: current.siteDescription ?? '',
        siteDescriptionAr: current.siteDescriptionAr ?? '',
        timeZone: current.timeZone || cityTimeZone(),
      });
    }
  }, [open, touched, current.siteName, current.siteNameAr, current.siteDescription, current.siteDescriptionAr, current.timeZone]);

  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => {
    setTouched(true);
    setForm((f) => ({ ...f, [key]: e.target.value }));
    if (key === 'siteName') setNameError(!e.target.value.trim());
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.siteName.trim()) return setNameError(true);
    if (zoneError) return;
    mutation.mutate(toSettingsUpdate(current, form), {
      onSuccess: () => {
        toaster.create({ id: 'settings', type: 'success', title: t('settings.updateSuccess') });
        onOpenChange(false);
      },
    });
  };

  const nameEmpty = !form.siteName.trim();
  // checked here too (the server refuses an unknown zone with 400 fields.timeZone)
  const zoneError = !isKnownTimeZone(form.timeZone.trim());
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title={t('siteNames.title')} form={{ onSubmit: submit }}>
      <Dialog.Body>
        <Stack gap="4">
          <Field.Root required invalid={nameError}>
            <Field.Label>{t('siteNames.siteName')}<Field.RequiredIndicator /></Field.Label>
            <Input value={form.siteName} onChange={set('siteName')} autoComplete="off" />
            <Field.ErrorText color={errorColor}>{t('siteNames.siteNameRequired')}</Field.ErrorText>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('siteNames.siteNameAr')}</Field.Label>
            <Input value={form.siteNameAr} onChange={set('siteNameAr')} dir="rtl" lang="ar" autoComplete="off" />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('siteNames.siteDescription')}</Field.Label>
            <Textarea value={form.siteDescription} onChange={set('siteDescription')} rows={3} dir="ltr" lang="en" />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('siteNames.siteDescriptionAr')}</Field.Label>
            <Textarea value={form.siteDescriptionAr} onChange={set('siteDescriptionAr')} rows={3} dir="rtl" lang="ar" />
          </Field.Root>
          <Field.Root required invalid={zoneError}>
            <Field.Label>{t('siteNames.timeZone')}<Field.RequiredIndicator /></Field.Label>
            <Input value={form.timeZone} onChange={set('timeZone')} list="site-time-zones" dir="ltr" autoComplete="off" spellCheck={false} />
            <datalist id="site-time-zones">{TIME_ZONES.map((z) => <option key={z} value={z} />)}</datalist>
            {zoneError
              ? <Field.ErrorText color={errorColor}>{t('siteNames.timeZoneUnknown')}</Field.ErrorText>
              : <Field.HelperText>{t('siteNames.timeZoneHelp')}</Field.HelperText>}
          </Field.Root>
        </Stack>
      </Dialog.Body>
      {/* A failed save is said here, where the admin is (issue #17), with the server's reason when it gave one. */}
      {mutation.isError && (
        <Box px="6" pb="2"><Text role="alert" fontSize="sm" color={{ _light: 'red.700', _dark: 'red.300' }}>{t('settings.updateError')}{serverReason(mutation.error)}</Text></Box>
      )}
      <Dialog.Footer>
        <DialogDismissButton>{t('common.cancel')}</DialogDismissButton>
        <Button type="submit" colorPalette="brand" disabled={nameEmpty || zoneError || mutation.isPending} loading={mutation.isPending} loadingText={t('common.saving')}>
          {t('common.save')}
        </Button>
      </Dialog.Footer>
    </DialogFrame>
  );
}

/** ": <the server's message>" for a 4xx answer (e.g. a field too long), else nothing. */
function serverReason(error: unknown): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? `: ${error.message}` : '';
}
