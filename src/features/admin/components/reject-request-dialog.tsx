import { Text, Textarea } from '@chakra-ui/react';
import '../../../components/ui/late-recipes.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRejectPlaceRequest } from '../api/admin-place-requests-api.ts';
import { rejectFormSchema } from '../place-requests-view.ts';
import { AdminField } from './admin-field.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { applyServerFieldErrors } from '../../../lib/form-server-errors.ts';

/**
 * Reject a pending request: a required reason (trimmed, at most 2000 characters), which the
 * requester sees. 'Reason is required' shows on the field, client-side and from the API alike. Closes
 * on success, after calling `onRejected`.
 */
export function RejectRequestDialog({ request, onOpenChange, onRejected, finalFocusEl }: {
  /** The request to reject (null: closed); `name` is the place it is about, shown for context. */
  request: { id: number; name: string } | null;
  onOpenChange: (open: boolean) => void;
  onRejected?: () => void;
  finalFocusEl?: () => HTMLElement | null;
}) {
  const { t } = useTranslation('admin');
  const reject = useRejectPlaceRequest();
  const form = useForm({ resolver: zodResolver(rejectFormSchema), defaultValues: { reason: '' } });
  const { errors } = form.formState;

  useEffect(() => {
    if (request) form.reset({ reason: '' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request?.id]);

  const onSubmit = form.handleSubmit((v) => {
    if (!request) return;
    reject.mutate({ id: request.id, reason: v.reason }, {
      onSuccess: () => {
        onRejected?.();
        onOpenChange(false);
      },
      onError: (error) => applyServerFieldErrors(error, form.setError, ['reason']),
    });
  });

  return (
    <FormDialog
      open={request !== null}
      onOpenChange={onOpenChange}
      title={t('requests.rejectTitle', { id: request?.id ?? '' })}
      onSubmit={onSubmit}
      pending={reject.isPending}
      submitLabel={t('requests.reject')}
      submitColorPalette="red"
      pendingLabel={t('requests.rejecting')}
      finalFocusEl={finalFocusEl}
    >
      {request && <Text color="fg.muted">{t('requests.rejectIntro', { name: request.name })}</Text>}
      <AdminField label={t('requests.reasonLabel')} error={errors.reason?.message} helper={t('requests.reasonHelper')} required>
        <Textarea {...form.register('reason')} rows={4} autoresize maxH="60" />
      </AdminField>
    </FormDialog>
  );
}
