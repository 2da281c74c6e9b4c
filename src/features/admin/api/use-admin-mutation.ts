import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toaster } from '../../../components/ui/toaster.tsx';
import { ApiError } from '../../../lib/api-client-error.ts';
import { invalidateAfterWrite } from './admin-keys.ts';

export interface AdminMutationConfig<TVars, TData> {
  mutationFn: (vars: TVars) => Promise<TData>;
  /** i18n keys (admin namespace) of the success and failure toasts; the failure key may depend on the error (e.g. a 409). */
  successKey: string | ((data: TData, vars: TVars) => string);
  errorKey: string | ((error: Error) => string);
  /** Admin query keys to refetch, and public resources ('zones', 'places'…) made stale. */
  invalidate: QueryKey[];
  publicResources: string[];
  /** Values for the success message ({{count}} etc.). */
  successValues?: (data: TData, vars: TVars) => Record<string, unknown>;
  /** Id of this action's toast (default: one per hook instance): a new outcome replaces the previous one. */
  toastId?: string;
}

/**
 * A create/update/delete of the admin console: toasts success or failure (the failure toast shows
 * the server's message, e.g. a slug already in use, under the spec's title), then refreshes the
 * affected lists. Callers get mutate/mutateAsync and can add their own onSuccess.
 * One call at a time (useSingleFlightMutation): a double click approves, saves or deletes once.
 * Success and failure share one toast id, so a repeat replaces the toast instead of stacking and a
 * success closes the stale error.
 */
export function useAdminMutation<TVars, TData>(config: AdminMutationConfig<TVars, TData>) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('admin');
  const ownId = useId();
  const id = config.toastId ?? `admin-action${ownId}`;
  return useSingleFlightMutation({
    mutationFn: config.mutationFn,
    onSuccess: (data, vars) => {
      const key = typeof config.successKey === 'function' ? config.successKey(data, vars) : config.successKey;
      // `description: null` clears the failure's reason when this replaces an error toast.
      toaster.create({ id, type: 'success', title: t(key, config.successValues?.(data, vars)), description: null });
    },
    onError: (error) => {
      const description = error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : undefined;
      const key = typeof config.errorKey === 'function' ? config.errorKey(error) : config.errorKey;
      toaster.create({ id, type: 'error', title: t(key), description: description ?? null });
    },
    onSettled: () => invalidateAfterWrite(queryClient, config.invalidate, config.publicResources),
  });
}
