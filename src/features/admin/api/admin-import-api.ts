import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { importReportSchema, type ImportReportData, type ImportRequest } from '../../../shared/schemas/admin-import-schemas.ts';
import { adminKeys } from './admin-keys.ts';
import { useAdminMutation } from './use-admin-mutation.ts';

/** POST /admin/import/preview → the dry-run report (nothing written). 400 import_rejected names malformed records in `fields`. */
export function previewImport(body: ImportRequest): Promise<ImportReportData> {
  return apiRequest('/admin/import/preview', { method: 'POST', body, schema: importReportSchema, scope: 'admin' });
}

/** POST /admin/import → the report of what was written (one transaction). */
export function applyImport(body: ImportRequest): Promise<ImportReportData> {
  return apiRequest('/admin/import', { method: 'POST', body, schema: importReportSchema, scope: 'admin' });
}

/** The preview: no toast (its report or its errors are shown on the screen). */
export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}

/** Applies an import; toasts the outcome and refreshes every admin and public list the import may change. */
export function useApplyImport() {
  return useAdminMutation({
    mutationFn: applyImport,
    successKey: 'import.applied',
    successValues: (report) => ({ inserted: report.lists.places.inserted, updated: report.lists.places.updated }),
    errorKey: 'import.applyError',
    invalidate: [adminKeys.allPlaces, adminKeys.allCategories, adminKeys.allZones],
    publicResources: ['places', 'categories', 'zones', 'buildings', 'map'],
  });
}
