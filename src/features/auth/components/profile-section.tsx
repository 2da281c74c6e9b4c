import { Avatar, Box, Button, Card, Checkbox, Collapsible, HStack, IconButton, Input, Separator, Skeleton, Stack, Text } from '@chakra-ui/react';
import '../../../components/ui/late-recipes.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarDays, KeyRound, Mail, MapPin, Pencil } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { ApiError } from '../../../lib/api-client-error.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { updateProfileRequestSchema, type Profile } from '../../../shared/schemas/auth-schemas.ts';
import { useProfileQuery } from '../api/get-profile.ts';
import { useUpdateProfileMutation, useUpdateProfileSettingsMutation } from '../api/update-profile.ts';
import { describeAuthError } from '../auth-errors.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { useAuthErrorText } from './form-alert.tsx';
import { FormField } from './form-field.tsx';
import { FormStack } from './form-stack.tsx';
import { formatDate, formatNumber } from '../../../lib/intl.ts';
import '../../../lib/late-strings.ts';

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <HStack align="start" gap="3">
      <Box color="brand.fg" pt="0.5" aria-hidden>{icon}</Box>
      <Stack gap="0" minW="0">
        <Text fontSize="xs" color="fg.muted">{label}</Text>
        <Box wordBreak="break-word">{children}</Box>
      </Stack>
    </HStack>
  );
}

function NameEditor({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateProfileMutation();
  const errorText = useAuthErrorText();
  const form = useForm<{ name: string }>({ resolver: zodResolver(updateProfileRequestSchema), defaultValues: { name: profile.name } });
  const onSubmit = form.handleSubmit(({ name }) =>
    update.mutate(
      { name },
      {
        onSuccess: () => {
          toaster.create({ id: 'profile-update', type: 'success', title: t('account.profileUpdated'), description: null });
          onClose();
        },
        onError: (error) => toaster.create({ id: 'profile-update', type: 'error', title: t('account.updateFailed'), description: errorText(describeAuthError(error)) ?? null }),
      },
    ),
  );
  return (
    <FormStack gap="3" onSubmit={onSubmit} busy={update.isPending}>
      <FormField label={t('auth.fields.name')} error={form.formState.errors.name?.message} required>
        <Input autoComplete="name" autoFocus {...form.register('name')} />
      </FormField>
      <HStack gap="2">
        <Button type="submit" size="sm" colorPalette="brand" loading={update.isPending} loadingText={t('app.saving')}>{t('app.save')}</Button>
        <Button size="sm" variant="ghost" onClick={onClose} disabled={update.isPending}>{t('app.cancel')}</Button>
      </HStack>
    </FormStack>
  );
}

/** The "e-mail me about my requests' decisions" checkbox (PUT /public/auth/profile/settings); a toast says the outcome. */
function DecisionMailsToggle({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const update = useUpdateProfileSettingsMutation();
  const errorText = useAuthErrorText();
  return (
    <Checkbox.Root
      colorPalette="brand"
      checked={profile.notifyDecisions}
      disabled={update.isPending}
      onCheckedChange={(e) => update.mutate(
        { notifyDecisions: e.checked === true },
        {
          onSuccess: (p) => toaster.create({ id: 'profile-notify', type: 'success', title: t(p.notifyDecisions ? 'account.notifyOn' : 'account.notifyOff'), description: null }),
          onError: (error) => toaster.create({ id: 'profile-notify', type: 'error', title: t('account.notifyFailed'), description: errorText(describeAuthError(error)) ?? null }),
        },
      )}
    >
      <Checkbox.HiddenInput name="notifyDecisions" />
      <Checkbox.Control />
      <Checkbox.Label>{t('account.notifyDecisions')}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/**
 * The Profile section: name (editable: PUT /public/auth/profile), email, member-since date,
 * number of places added, the decision e-mails setting, and the change-password form. Loading skeleton; 'Profile not found' (404)
 * or 'Failed to load profile' with retry.
 */
export function ProfileSection() {
  const { t } = useTranslation();
  const { lang } = usePreferences();
  const query = useProfileQuery();
  const [editing, setEditing] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const profile = query.data;

  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return <ErrorState message={t(notFound ? 'account.notFound' : 'account.loadFailed')} onRetry={notFound ? undefined : () => void query.refetch()} />;
  }
  if (!profile) {
    return (
      <Card.Root aria-busy="true" aria-label={t('app.loading')}>
        <Card.Body gap="4">
          <HStack gap="3"><Skeleton boxSize="14" borderRadius="full" /><Skeleton height="6" flex="1" /></HStack>
          <Skeleton height="4" width="80%" /><Skeleton height="4" width="60%" /><Skeleton height="4" width="50%" />
        </Card.Body>
      </Card.Root>
    );
  }

  const memberSince = formatDate(profile.memberSince, lang);

  return (
    <Card.Root as="section" aria-labelledby="profile-section-title">
      <Card.Body gap="5">
        <HStack gap="3" align="center">
          <Avatar.Root size="lg" colorPalette="brand">
            <Avatar.Fallback name={profile.name} />
          </Avatar.Root>
          <Stack gap="0" flex="1" minW="0">
            <Text fontSize="xs" color="fg.muted" id="profile-section-title">{t('account.sectionTitle')}</Text>
            {!editing && <Text as="h2" fontSize="xl" fontWeight="bold" truncate>{profile.name}</Text>}
          </Stack>
          {!editing && (
            <IconButton variant="ghost" size="sm" aria-label={t('account.editName')} onClick={() => setEditing(true)}>
              <Pencil />
            </IconButton>
          )}
        </HStack>
        {editing && <NameEditor profile={profile} onClose={() => setEditing(false)} />}
        <Stack gap="3">
          <Detail icon={<Mail size={18} />} label={t('auth.fields.email')}><Text as="bdi" dir="ltr" wordBreak="break-all">{profile.email}</Text></Detail>
          <Detail icon={<CalendarDays size={18} />} label={t('account.memberSince')}><time dateTime={profile.memberSince}>{memberSince}</time></Detail>
          <Detail icon={<MapPin size={18} />} label={t('account.placesAdded')}>{formatNumber(profile.placesCount, lang)}</Detail>
        </Stack>
        <DecisionMailsToggle profile={profile} />
        <Separator />
        <Collapsible.Root open={passwordOpen} onOpenChange={(e) => setPasswordOpen(e.open)}>
          <Collapsible.Trigger asChild>
            <Button variant="outline" size="sm" width="full">
              <KeyRound aria-hidden /> {t('account.changePassword')}
            </Button>
          </Collapsible.Trigger>
          <Collapsible.Content>
            <Box pt="4">
              <ChangePasswordForm scope="public" onDone={() => setPasswordOpen(false)} />
            </Box>
          </Collapsible.Content>
        </Collapsible.Root>
      </Card.Body>
    </Card.Root>
  );
}
