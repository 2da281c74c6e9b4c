import { z } from 'zod';
import { historyEntrySchema } from './history-schemas.ts';

/** A place's coordinates count as "outside its zone" farther than this from the zone's centre (metres). */
export const ZONE_RADIUS_M = 5000;
/** How many latest changes the admin overview shows. */
export const OVERVIEW_LATEST_CHANGES = 10;
/** The gaps the overview counts; `missing=` of the admin places list takes the same names. */
export const PLACE_GAPS = ['nameAr', 'phone', 'openingHours', 'coordinates'] as const;
export type PlaceGap = (typeof PLACE_GAPS)[number];

const bucket = z.object({ id: z.number().int().nullable(), name: z.string(), nameAr: z.string().nullable(), count: z.number().int().min(0) });

/**
 * GET /admin/overview: places per category and per zone (`id` null = no zone), pending requests
 * (count; age of the oldest and the median in hours, null when none), gap counts (places without
 * Arabic name, phone, opening hours, or with coordinates missing or farther than ZONE_RADIUS_M from
 * their zone's centre), likely duplicate pairs (the total of GET /admin/duplicates, counted exactly
 * from the maintained pairs table, decision 033) and the latest changes from the history.
 */
export const overviewSchema = z.object({
  totalPlaces: z.number().int().min(0),
  perCategory: z.array(bucket),
  perZone: z.array(bucket),
  pending: z.object({ count: z.number().int().min(0), oldestHours: z.number().nullable(), medianHours: z.number().nullable() }),
  gaps: z.object({ nameAr: z.number().int(), phone: z.number().int(), openingHours: z.number().int(), coordinates: z.number().int() }),
  likelyDuplicates: z.number().int().min(0),
  latestChanges: z.array(historyEntrySchema),
});
export type Overview = z.infer<typeof overviewSchema>;
