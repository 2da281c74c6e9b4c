/**
 * Business constants (limits, timings, list orders) shared by browser and server, in a module without zod:
 * the public pages import them before they are interactive, and zod stays out of those scripts
 * (decision 036). src/shared/schemas/common-schemas.ts re-exports them and builds its schemas from them.
 */
export const LIMITS = {
  imageMaxBytes: 5_242_880,
  /** Seconds between two 'Resend code' mails to one address (the button's countdown; the server refuses sooner ones with 429). */
  resendCodeCooldownSeconds: 30,
  uploadPathPrefix: '/uploads/',
  phoneMin: 6,
  phoneMax: 20,
  passwordMin: 6,
  resetCodeLength: 6,
  searchDelayMs: 300,
  overlayGroupSize: 3,
  overlayPlaceLimit: 5,
  defaultPageSize: 12,
  maxPageSize: 100,
  searchMaxLength: 200,
} as const;

/** The explicit orders of a place list (without one, a search is ordered by relevance, else by name). */
export const PLACE_SORTS = ['name-asc', 'name-desc', 'newest', 'oldest'] as const;
export type PlaceSort = (typeof PLACE_SORTS)[number];

/**
 * Orders of a public place list: the explicit orders plus `distance` (nearest first, from `near`;
 * docs/decisions/022-near-me.md).
 */
export const PUBLIC_PLACE_SORTS = [...PLACE_SORTS, 'distance'] as const;
export type PublicPlaceSort = (typeof PUBLIC_PLACE_SORTS)[number];

/**
 * Zoom levels a map view may ask for (`zoom` of GET /public/map/markers), and the clustering:
 * markers within `clusterRadiusPx` screen pixels (256 px tiles) of each other form a cluster up to
 * `clusterMaxZoom`; from the zoom after it every marker comes on its own (decision 031).
 */
export const MAP_VIEW_LIMITS = { minZoom: 0, maxZoom: 22, clusterRadiusPx: 60, clusterMaxZoom: 16 } as const;

/**
 * Slug of the catch-all category ("Other", «أخرى»): every alphabetical category list puts it last, in
 * both languages (decision 044).
 */
export const OTHER_CATEGORY_SLUG = 'other';
