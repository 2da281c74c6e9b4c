import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { PlaceHours } from '../shared/schemas/opening-hours-schemas.ts';

/**
 * The device's own database (IndexedDB `dalil-offline`, through `idb`; decision 048). Two stores:
 * - `savedPlaces` (key: the place's slug): places the visitor saved, no account needed — device data, kept
 *   when someone signs out;
 * - `outbox` (key: a random id, index `userId`): a signed-in user's submissions and edit requests waiting for
 *   the network — that user's data, cleared when they sign out (`clearUserOfflineData`).
 * Loaded lazily (after the page is interactive, or on a click): public pages' first scripts do not carry it.
 */
export interface OfflineDbSchema extends DBSchema {
  savedPlaces: { key: string; value: SavedPlace; indexes: { savedAt: string } };
  outbox: { key: string; value: OutboxEntry; indexes: { userId: string } };
}

/** A saved place (src/lib/saved-places.ts): the place's public detail as the place page shows it. */
export interface SavedPlace {
  slug: string;
  id: number;
  name: string;
  nameAr: string | null;
  category: { slug: string; name: string; nameAr: string | null };
  zone: { slug: string; title: string; titleAr: string | null } | null;
  address: string | null;
  addressAr: string | null;
  phone: string | null;
  /** The stored opening_hours text (OpenStreetMap syntax); null when unknown. */
  openingHours: string | null;
  /** The API's reading of `openingHours` (GET /public/places/{slug} `hours`); null when it has none. */
  hours: PlaceHours | null;
  latitude: number | null;
  longitude: number | null;
  /** ISO 8601: when the visitor saved it. */
  savedAt: string;
  /** ISO 8601: when this copy was last taken from the API. */
  refreshedAt: string;
  /** The API answered 404 at the last refresh (the place was removed or unpublished); the copy stays. */
  unavailable?: boolean;
}

/** A queued write of the outbox (src/lib/outbox.ts). */
export type OutboxKind = 'create' | 'edit';

export interface OutboxEntry {
  /** Random id of the entry (not sent). */
  id: string;
  /** The signed-in user it belongs to (JWT `sub`). */
  userId: string;
  kind: OutboxKind;
  /** API path under the API base, e.g. `/public/places`. */
  path: string;
  /** The JSON body, exactly as first sent. */
  body: unknown;
  /** The `Idempotency-Key` of the first send, reused by every retry. */
  idempotencyKey: string;
  /** What lists show: the place's names (the new place's, or the edited place's). */
  label: { name: string; nameAr: string | null };
  /** Edit requests: the place's id. */
  placeId?: number;
  /** ISO 8601: when it was first sent (and failed for the network). */
  createdAt: string;
  /** Sends tried from the outbox so far. */
  attempts: number;
  /**
   * `waiting`: sent once the network is back; `rejected`: the API refused it (a 4xx), kept to be read and removed;
   * `unsure`: still unsent when the API may have forgotten its key (past `OUTBOX_KEY_WINDOW_MS` of its first send,
   * decision 056) — a send then could record it twice, so it waits for the person to check and send it again.
   */
  state: 'waiting' | 'rejected' | 'unsure';
  /** ISO 8601: when the person, asked about an `unsure` entry, chose to send it again (its key's window starts again). */
  confirmedAt?: string;
  /** The page's language when it was made: the API answers (and refuses) in it (`Accept-Language`). */
  lang?: 'en' | 'ar';
  /**
   * The session's access token when it was queued, so the service worker's Background Sync can send it with no page
   * open (decision 056) — never the refresh token. Only while `waiting`: it goes when the entry is sent, refused,
   * set aside as `unsure`, past its expiry, answered 401, or the user signs out (the entry goes then).
   */
  auth?: { token: string; /** ms since the epoch (the token's `exp`). */ expiresAt: number };
  /** The API's refusal (`rejected` only): status, code, message in the request's language. */
  error?: { status: number; code: string; message: string };
}

export const OFFLINE_DB_NAME = 'dalil-offline';
const VERSION = 1;

let opening: Promise<IDBPDatabase<OfflineDbSchema>> | null = null;

/** The database, opened once per page (created or upgraded on first use). Rejects where IndexedDB is unavailable. */
export function offlineDb(): Promise<IDBPDatabase<OfflineDbSchema>> {
  opening ??= openDB<OfflineDbSchema>(OFFLINE_DB_NAME, VERSION, {
    upgrade(db) {
      if (!db.objectStoreNames.contains('savedPlaces')) db.createObjectStore('savedPlaces', { keyPath: 'slug' }).createIndex('savedAt', 'savedAt');
      if (!db.objectStoreNames.contains('outbox')) db.createObjectStore('outbox', { keyPath: 'id' }).createIndex('userId', 'userId');
    },
    // another tab opened a newer version: let it upgrade, open again on the next call
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      opening = null;
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}
