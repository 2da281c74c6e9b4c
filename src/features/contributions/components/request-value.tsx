import type { PlaceFormOption } from '../../../components/place-form/place-form-fields.tsx';
import { describeValue } from '../../../components/place-request/display-value.ts';
import { RequestValueView } from '../../../components/place-request/request-value.tsx';

const byId = (options: PlaceFormOption[]) => (id: number) => options.find((o) => o.id === id)?.label;

/**
 * One value of a request's payload as a reader wants it — the admin pages' rendering (describeValue
 * + RequestValueView): '(empty)' for a cleared field, the category or zone name for ids, a preview
 * for the logo and main image (`alt` names it), links left-to-right, other texts in their own direction.
 */
export function RequestValue({ field, value, categories, zones, alt }: {
  field: string;
  value: unknown;
  categories: PlaceFormOption[];
  zones: PlaceFormOption[];
  alt: string;
}) {
  return <RequestValueView value={describeValue(field, value, { category: byId(categories), zone: byId(zones) })} alt={alt} />;
}
