/**
 * The directory's data as a file (GET /api/public/export): formats, columns and the licence notice
 * every copy must carry. The shipped data are OpenStreetMap data under the Open Database License
 * (data/README of ../shared/data/riyadh-osm): a public copy keeps the attribution and the licence.
 */
export const EXPORT_FORMATS = ['csv', 'geojson'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const DATA_ATTRIBUTION = '© OpenStreetMap contributors';
export const DATA_LICENSE = 'ODbL-1.0';
export const DATA_LICENSE_URL = 'https://opendatacommons.org/licenses/odbl/1-0/';
/** The notice every exported file carries: the source, the licence by name and its URL (GeoJSON `attribution`). */
export const DATA_NOTICE =
  `Data ${DATA_ATTRIBUTION}, available under the Open Database License (${DATA_LICENSE}, ${DATA_LICENSE_URL}).`;
/** The first line of an exported CSV file (a `#` comment: CSV parsers skip it with `comments: '#'`). */
export const CSV_ATTRIBUTION_LINE = `# ${DATA_NOTICE}`;

/**
 * Columns of an exported place, in file order (CSV header; GeoJSON feature properties, without the
 * coordinates, which are the geometry). Empty when the place has no value.
 */
export const EXPORT_COLUMNS = [
  'id', 'slug', 'name', 'name_ar', 'category_slug', 'category_name', 'category_name_ar',
  'zone_slug', 'zone_title', 'zone_title_ar', 'building_slug', 'building_name', 'building_name_ar', 'building_number',
  'latitude', 'longitude', 'address', 'address_ar', 'phone', 'whatsapp', 'website_url', 'map_url', 'opening_hours',
  'description', 'source', 'source_id', 'updated_at',
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];
