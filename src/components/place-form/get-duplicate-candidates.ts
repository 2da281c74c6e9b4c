import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';
import { duplicateCandidateSchema } from '../../shared/schemas/duplicates-schemas.ts';

/** What a place being added is compared by: its names, coordinates and phone (empty values ignored). */
export interface DuplicateCheck {
  name?: string;
  nameAr?: string;
  latitude?: number;
  longitude?: number;
  phone?: string;
  excludeId?: number;
}

/** Whether a check has a way to match (a name with coordinates, or a phone), as the API requires. */
export function canCheckDuplicates(c: DuplicateCheck): boolean {
  const hasName = Boolean(c.name?.trim() || c.nameAr?.trim());
  return Boolean(c.phone?.trim()) || (hasName && c.latitude !== undefined && c.longitude !== undefined);
}

/** GET /public/duplicates: approved places likely the same as the one described (docs/decisions/023-duplicates.md). */
export function useDuplicatesQuery(check: DuplicateCheck) {
  return useQuery({
    queryKey: ['duplicates', check],
    queryFn: ({ signal }) => apiRequest('/public/duplicates', {
      query: { ...check }, schema: z.array(duplicateCandidateSchema), signal, scope: 'none',
    }),
    enabled: canCheckDuplicates(check),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
