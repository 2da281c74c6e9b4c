import { Button } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toaster } from '../../../components/ui/toaster.tsx';
import { ApiError } from '../../../lib/api-client-error.ts';
import type { SessionScope } from '../../../lib/session.ts';
import { useChangePasswordMutation } from '../api/change-password.ts';
import { describeAuthError } from '../auth-errors.ts';
import { changePasswordFormSchema, type ChangePasswordForm as Values } from '../auth-forms.ts';
import { useAuthErrorText } from './form-alert.tsx';
import { FormField } from './form-field.tsx';
import { FormStack } from './form-stack.tsx';
import { PasswordInput } from './password-input.tsx';
import '../../../lib/late-strings.ts';

/**
 * Change password: current, new and confirmation — 'All fields are required', 'Password must
 * be at least 6 characters', 'Passwords do not match'. `scope` picks the public or the admin endpoint.
 * Success and failure are toasts ('failed to change password' with the server's reason); a wrong
 * current password is also marked on its field.
 */
export function ChangePasswordForm({ scope, onDone, idPrefix = scope }: { scope: SessionScope; onDone?: () => void; idPrefix?: string }) {
  const { t } = useTranslation();
  const change = useChangePasswordMutation(scope);
  const errorText = useAuthErrorText();
  const form = useForm<Values>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toaster.create({ id: 'password-change', type: 'success', title: t('account.passwordChanged'), description: null });
          form.reset();
          onDone?.();
        },
        onError: (error) => {
          toaster.create({ id: 'password-change', type: 'error', title: t('account.changePasswordFailed'), description: errorText(describeAuthError(error)) ?? null });
          if (error instanceof ApiError && error.code === 'current_password_incorrect') form.setError('currentPassword', { message: error.message }, { shouldFocus: true });
          if (error instanceof ApiError && error.code === 'same_password') form.setError('newPassword', { message: error.message }, { shouldFocus: true });
        },
      },
    ),
  );

  return (
    <FormStack gap="4" onSubmit={onSubmit} busy={change.isPending} id={`${idPrefix}-change-password`}>
      <FormField label={t('auth.fields.currentPassword')} error={errors.currentPassword?.message} required>
        <PasswordInput autoComplete="current-password" {...form.register('currentPassword')} />
      </FormField>
      <FormField label={t('auth.fields.newPassword')} error={errors.newPassword?.message} helper={t('account.newPasswordHint')} required>
        <PasswordInput autoComplete="new-password" {...form.register('newPassword')} />
      </FormField>
      <FormField label={t('auth.fields.confirmPassword')} error={errors.confirmPassword?.message} required>
        <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <Button type="submit" colorPalette="brand" alignSelf="start" loading={change.isPending} loadingText={t('app.saving')}>
        {t('account.changePassword')}
      </Button>
    </FormStack>
  );
}
