import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toaster } from '../../../components/ui/toaster.tsx';
import type { ReorderBody } from '../../../shared/schemas/admin-schemas.ts';
import { invalidateAfterWrite } from './admin-keys.ts';

/** One entry of a reorder body (the shared `reorderBodySchema`): `{ id, order }`, order counted from 1. */
export type OrderEntry = ReorderBody['order'][number];

/** The reorder body for items in their new display order: positions 1, 2, 3… */
export const toOrder = (items: readonly { id: number }[]): OrderEntry[] => items.map((item, i) => ({ id: item.id, order: i + 1 }));

/**
 * An optimistic reorder: the cached list is rewritten in the new order at once (each item's
 * `order` renumbered from 1); on failure the previous list comes back and the failure toast shows; on
 * success the success toast. Either way the lists are refetched afterwards.
 */
export function useOptimisticReorder<TCache, TItem extends { id: number; order: number }>(config: {
  queryKey: QueryKey;
  send: (order: OrderEntry[]) => Promise<unknown>;
  /** Puts the reordered items into the cached value. */
  apply: (cached: TCache, items: TItem[]) => TCache;
  successKey: string;
  errorKey: string;
  invalidate: QueryKey[];
  publicResources: string[];
}) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('admin');
  return useMutation({
    mutationFn: (items: TItem[]) => config.send(toOrder(items)),
    onMutate: async (items: TItem[]) => {
      await queryClient.cancelQueries({ queryKey: config.queryKey });
      const previous = queryClient.getQueryData<TCache>(config.queryKey);
      if (previous !== undefined) {
        const renumbered = items.map((item, i) => ({ ...item, order: i + 1 }));
        queryClient.setQueryData<TCache>(config.queryKey, config.apply(previous, renumbered));
      }
      return { previous };
    },
    onError: (_error, _items, context) => {
      if (context?.previous !== undefined) queryClient.setQueryData(config.queryKey, context.previous);
      toaster.create({ id: config.successKey, type: 'error', title: t(config.errorKey) });
    },
    onSuccess: () => {
      toaster.create({ id: config.successKey, type: 'success', title: t(config.successKey) });
    },
    onSettled: () => invalidateAfterWrite(queryClient, config.invalidate, config.publicResources),
  });
}
