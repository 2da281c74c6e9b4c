import Papa from 'papaparse';
import { CSV_PLACE_COLUMNS, CSV_REQUIRED_COLUMNS } from '../../shared/csv-import.ts';
import { ImportError, importProblem } from './import-directory.ts';

const NUMERIC = new Set(['lat', 'lng']);

/**
 * A directory file `{ categories: [], zones: [], buildings: [], places }` from CSV text (papaparse:
 * RFC 4180 quoting, a header row with CSV_PLACE_COLUMNS names in any order, `#` comment lines and
 * blank lines skipped — an export's attribution line included). Empty cells are absent values;
 * lat/lng and a numeric osmId become numbers (a non-number stays text, so the importer's
 * validation names it). Throws ImportError for unknown or missing columns and unreadable rows.
 */
export function directoryFromCsv(text: string): { categories: []; zones: []; buildings: []; places: Record<string, unknown>[] } {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true, skipEmptyLines: 'greedy', comments: '#', transformHeader: (h) => h.trim(),
  });
  const problems: ImportError['problems'] = parsed.errors.map((e) => importProblem('csv', (e.row ?? 0) + 1, 'unreadableCsvRow', { detail: e.message }));
  const columns = parsed.meta.fields ?? [];
  const known = new Set<string>(CSV_PLACE_COLUMNS);
  const unknown = columns.filter((c) => !known.has(c));
  if (unknown.length) problems.push(importProblem('csv', 0, 'unknownColumns', { columns: unknown.join(', '), expected: CSV_PLACE_COLUMNS.join(', ') }));
  for (const required of CSV_REQUIRED_COLUMNS) {
    if (!columns.includes(required)) problems.push(importProblem('csv', 0, 'missingColumn', { column: required }));
  }
  if (problems.length) throw new ImportError(problems);
  const places = parsed.data.map((row) => {
    const place: Record<string, unknown> = {};
    for (const [key, raw] of Object.entries(row)) {
      const value = typeof raw === 'string' ? raw.trim() : raw;
      if (value === '' || value == null) continue;
      if (NUMERIC.has(key) && Number.isFinite(Number(value))) place[key] = Number(value);
      else if (key === 'osmId' && /^[0-9]+$/.test(String(value))) place[key] = Number(value);
      else place[key] = value;
    }
    return place;
  });
  return { categories: [], zones: [], buildings: [], places };
}
