import { z } from 'zod';
import { INVALID_CHARACTERS_MESSAGE, isStorableText, pagingQuerySchema, TEXT_LIMITS } from './common-schemas.ts';
import { PLACE_FIELD_MESSAGES, placeUpdateSchema } from './place-form-schemas.ts';

/**
 * Place requests: a user's proposed new place (`create`) or change to a place they own
 * (`edit`), pending until an admin approves (the place is created or changed) or rejects it (with
 * a reason shown to the user). Shared by the API (responses, OpenAPI) and the SPA (response checks).
 */
export const PLACE_REQUEST_TYPES = ['create', 'edit'] as const;
export const PLACE_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PlaceRequestType = (typeof PLACE_REQUEST_TYPES)[number];
export type PlaceRequestStatus = (typeof PLACE_REQUEST_STATUSES)[number];

/**
 * One changed field of an edit request: `field` is the payload's name ('name', 'phone', …; details
 * as 'details.description', 'details.imageUrl', 'details.youtubeUrl'); `before` is the place's value
 * (live while pending, as it was at submission once reviewed), `after` the proposed one (null = cleared).
 */
export const proposedChangeSchema = z.object({
  field: z.string(),
  before: z.union([z.string(), z.number()]).nullable(),
  after: z.union([z.string(), z.number()]).nullable(),
});
export type ProposedChange = z.infer<typeof proposedChangeSchema>;

export const placeRequestSchema = z.object({
  id: z.number().int(),
  type: z.enum(PLACE_REQUEST_TYPES),
  status: z.enum(PLACE_REQUEST_STATUSES),
  /** The submitted fields only (place payload; for an edit, only the changed ones). */
  payload: z.record(z.string(), z.unknown()),
  /** The place: for an edit the place to change; for a create, the new place once approved. */
  /** `nameAr`: its Arabic name (null when it has none), shown on Arabic pages. */
  place: z.object({ id: z.number().int(), name: z.string(), nameAr: z.string().nullable(), slug: z.string() }).nullable(),
  /** Who asked (admins see every requester; a user sees themself). */
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  rejectionReason: z.string().nullable(),
  /** Edit requests: every proposed field with its before and after value; [] for create requests. */
  proposedChanges: z.array(proposedChangeSchema),
  /**
   * Images the request sets: `logo` (payload.logoUrl) and `mainImage` (payload.details.imageUrl);
   * null when the request does not set one (or, for an edit, removes it).
   */
  updatedImages: z.object({ logo: z.string().nullable(), mainImage: z.string().nullable() }),
  reviewedAt: z.string().nullable(),
  /** The admin (auth user id) who approved or rejected it; admin endpoints only. */
  reviewedBy: z.string().nullable().optional(),
  /** That admin's id, email and profile name (null while pending); admin endpoints only. */
  reviewer: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable().optional(),
}).meta({
  id: 'PlaceRequest',
  description: 'A user\'s proposed new place (`create`) or change to a place they own (`edit`), pending until an admin approves or rejects it.',
  examples: [{
    id: 31, type: 'edit', status: 'pending', payload: { phone: '+966 11 234 5678' }, place: { id: 120, name: 'City Pharmacy', nameAr: 'صيدلية المدينة', slug: 'city-pharmacy' },
    user: { id: '6f1c3a52-1d0e-4b8e-9a51-2f1f5d1e9c11', email: 'reader@example.com', name: 'Reader' }, createdAt: '2026-01-03T09:00:00.000Z',
    rejectionReason: null, proposedChanges: [{ field: 'phone', before: null, after: '+966 11 234 5678' }],
    updatedImages: { logo: null, mainImage: null }, reviewedAt: null,
  }],
});
export type PlaceRequest = z.infer<typeof placeRequestSchema>;

/** Query of request lists: optional `type` and `status`, plus page (from 1) and limit (1–100, default 12). */
export const placeRequestListQuerySchema = pagingQuerySchema.extend({
  type: z.enum(PLACE_REQUEST_TYPES).optional(),
  status: z.enum(PLACE_REQUEST_STATUSES).optional(),
});

/** Body of POST /public/auth/places/{id}/edit-request: the place fields to change (any subset). */
export const editRequestBodySchema = z.object({ changes: placeUpdateSchema });

/** Field message of a rejection without a reason. */
export const REASON_REQUIRED_MESSAGE = 'Reason is required';

/** Body of POST /admin/place-requests/{id}/reject. */
export const rejectRequestBodySchema = z.object({
  reason: z.string({ error: REASON_REQUIRED_MESSAGE }).refine(isStorableText, INVALID_CHARACTERS_MESSAGE).trim().min(1, REASON_REQUIRED_MESSAGE)
    .max(TEXT_LIMITS.reason, PLACE_FIELD_MESSAGES.tooLong),
});

/** Body (optional) of POST /admin/place-requests/approve-all: only requests of this type. */
export const approveAllBodySchema = z.object({ type: z.enum(PLACE_REQUEST_TYPES).optional() });

/** Result of approve-all: ids approved, and those left pending with why (`code`: API error code). */
export const approveAllResultSchema = z.object({
  approved: z.array(z.number().int()),
  failed: z.array(z.object({ id: z.number().int(), code: z.string(), reason: z.string() })),
});
export type ApproveAllResult = z.infer<typeof approveAllResultSchema>;
