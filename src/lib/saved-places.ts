import { offlineDb, type SavedPlace } from './offline-db.ts';
import type { PlaceWithRelated } from '../shared/schemas/entity-schemas.ts';

/**
 * Saved places (issue #29, decision 048): places a visitor keeps on this device, no account needed, readable with
 * no network at all on /saved. Stored in IndexedDB (`savedPlaces` of src/lib/offline-db.ts) as the public detail
 * the place page shows — both languages' names and addresses, category, zone, phone, opening hours (the stored
 * text and the API's reading of it, which src/lib/hours-now.ts reads again at any later moment), coordinates,
 * slug — plus when it was saved and last refreshed. Refreshed from the API whenever the place page or /saved is
 * shown online; kept until the visitor removes it (signing out does not: it is the device's, not a user's).
 */
export type { SavedPlace };

/** The place detail fields a saved place is taken from (the place page's answer). */
export type SavablePlace = Pick<PlaceWithRelated, 'slug' | 'id' | 'name' | 'nameAr' | 'category' | 'zone' | 'address' | 'addressAr' | 'phone' | 'openingHours' | 'hours' | 'latitude' | 'longitude'>;

/** The stored copy of `place` (only its public detail; nothing of the visitor but `savedAt`). */
export function toSavedPlace(place: SavablePlace, savedAt: string, now = new Date()): SavedPlace {
  return {
    slug: place.slug, id: place.id, name: place.name, nameAr: place.nameAr,
    category: { slug: place.category.slug, name: place.category.name, nameAr: place.category.nameAr },
    zone: place.zone ? { slug: place.zone.slug, title: place.zone.title, titleAr: place.zone.titleAr } : null,
    address: place.address, addressAr: place.addressAr, phone: place.phone,
    openingHours: place.openingHours, hours: place.hours ?? null,
    latitude: place.latitude, longitude: place.longitude,
    savedAt, refreshedAt: now.toISOString(),
  };
}

const listeners = new Set<() => void>();
/** Runs `listener` after every change of the saved places made in this page; returns the unsubscribe. */
export function subscribeSavedPlaces(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => listeners.forEach((l) => l());

/** Every saved place, most recently saved first. */
export async function listSavedPlaces(): Promise<SavedPlace[]> {
  const all = await (await offlineDb()).getAllFromIndex('savedPlaces', 'savedAt');
  return all.reverse();
}

/** The saved copy of `slug`, or undefined. */
export async function getSavedPlace(slug: string): Promise<SavedPlace | undefined> {
  return (await offlineDb()).get('savedPlaces', slug);
}

/** Saves `place` (again: keeps the first `savedAt`). Rejects where IndexedDB is unavailable (private modes of some browsers). */
export async function savePlace(place: SavablePlace): Promise<SavedPlace> {
  const db = await offlineDb();
  const before = await db.get('savedPlaces', place.slug);
  const saved = toSavedPlace(place, before?.savedAt ?? new Date().toISOString());
  await db.put('savedPlaces', saved);
  changed();
  return saved;
}

/** Removes `slug` from the saved places (nothing when it is not saved). */
export async function removeSavedPlace(slug: string): Promise<void> {
  await (await offlineDb()).delete('savedPlaces', slug);
  changed();
}

/**
 * Replaces the saved copy of `place` with this fresher answer, if the place is saved (a place page shown online).
 * True when a copy was refreshed.
 */
export async function refreshSavedPlace(place: SavablePlace): Promise<boolean> {
  const db = await offlineDb();
  const tx = db.transaction('savedPlaces', 'readwrite');
  const before = await tx.store.get(place.slug);
  if (before) await tx.store.put(toSavedPlace(place, before.savedAt));
  await tx.done;
  if (before) changed();
  return Boolean(before);
}

/** Marks the saved copy of `slug` unavailable (the API answered 404); the copy itself stays. */
export async function markSavedPlaceUnavailable(slug: string): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('savedPlaces', 'readwrite');
  const before = await tx.store.get(slug);
  if (before && !before.unavailable) await tx.store.put({ ...before, unavailable: true });
  await tx.done;
  if (before && !before.unavailable) changed();
}

/**
 * Refreshes every saved place from the API with `fetchPlace` (the place page's request): a newer copy replaces
 * the stored one, a 404 (`status` 404 on the thrown error) marks it unavailable, any other failure (offline)
 * leaves it as it is. Resolves to the number refreshed; never rejects.
 */
export async function refreshSavedPlaces(fetchPlace: (slug: string) => Promise<SavablePlace>): Promise<number> {
  let refreshed = 0;
  let places: SavedPlace[];
  try {
    places = await listSavedPlaces();
  } catch {
    return 0;
  }
  for (const { slug } of places) {
    try {
      if (await refreshSavedPlace(await fetchPlace(slug))) refreshed++;
    } catch (error) {
      if ((error as { status?: number }).status === 404) await markSavedPlaceUnavailable(slug).catch(() => undefined);
      else if ((error as { status?: number }).status === 0) break; // the network is gone: the others would fail too
    }
  }
  return refreshed;
}
