import { useCategoriesQuery } from '../features/categories/api/get-categories.ts';
import type { PlaceFormChoices } from '../features/contributions/components/contribute-place-dialog.tsx';
import { useZonesQuery } from '../features/zones/api/get-zones.ts';
import { usePreferences } from '../lib/preferences.tsx';

/**
 * The category and zone choices of the contributors' place form, from the public lists
 * (GET /public/categories, GET /public/zones), labelled in the page's language.
 */
export function usePlaceFormChoices(): PlaceFormChoices {
  const { pick } = usePreferences();
  const categories = useCategoriesQuery();
  const zones = useZonesQuery();
  return {
    categories: (categories.data ?? []).map((c) => ({ id: c.id, label: pick(c.name, c.nameAr) })),
    zones: (zones.data ?? []).map((z) => ({ id: z.id, label: pick(z.title, z.titleAr) })),
    failed: categories.isError || zones.isError,
    retry: () => {
      if (categories.isError) void categories.refetch();
      if (zones.isError) void zones.refetch();
    },
  };
}
