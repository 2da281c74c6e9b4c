/**
 * The success envelope of one page of a list, as every list route answers it (`pagedEnvelope` in
 * src/shared/schemas/common-schemas.ts): `{ success: true, data, meta: { page, limit, total, nextCursor? } }`.
 * `paging` is the page asked for (1-based `page`, page size `limit`); `total` counts every matching row
 * (searches: at most 1 000); `nextCursor` (place lists, keyset paging) is given only by lists that have one
 * — null on the last page — and left out of `meta` otherwise.
 */
export function pageOf<T>(data: T[], paging: { page: number; limit: number }, total: number, nextCursor?: string | null) {
  return {
    success: true as const,
    data,
    meta: { page: paging.page, limit: paging.limit, total, ...(nextCursor === undefined ? {} : { nextCursor }) },
  };
}
