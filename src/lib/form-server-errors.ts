import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client-error.ts';

/**
 * Puts a 400/409 answer's field errors (`error.fields`, e.g. `{ slug: ['slug already in use'] }`) on
 * the form's fields of the same name, the first one focused. Returns true when any was placed.
 */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, known: readonly string[]): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  let first = true;
  let placed = false;
  for (const [field, messages] of Object.entries(error.fields)) {
    // Nested fields arrive as "details.imageUrl".
    if (!known.includes(field) || !messages[0]) continue;
    setError(field as Path<T>, { type: 'server', message: messages[0] }, { shouldFocus: first });
    first = false;
    placed = true;
  }
  return placed;
}
