/**
 * The columns of a places CSV for the admin import (POST /api/admin/import with format "csv"): the
 * keys of a directory file's place (data/riyadh-osm.json), one place per row, in any order.
 * Categories and zones are referred to by the slug of an existing one. The server parses with these
 * (src/server/db/import-csv.ts); the import page names them in its help text.
 */
export const CSV_PLACE_COLUMNS = [
  'name', 'nameAr', 'categorySlug', 'zoneSlug', 'buildingNumber', 'address', 'addressAr', 'phone', 'whatsapp', 'website',
  'lat', 'lng', 'mapUrl', 'description', 'openingHours', 'osmId', 'source', 'sourceId',
] as const;
export type CsvPlaceColumn = (typeof CSV_PLACE_COLUMNS)[number];

/** Columns a places CSV must have (a file without one is rejected, nothing written). */
export const CSV_REQUIRED_COLUMNS = ['name', 'categorySlug'] as const satisfies readonly CsvPlaceColumn[];

/** The columns the import page's help text names (the file's own column names, the same in both languages). */
export const CSV_HELP_COLUMNS = ['name', 'nameAr', 'categorySlug', 'zoneSlug', 'phone', 'lat', 'lng'] as const satisfies readonly CsvPlaceColumn[];
