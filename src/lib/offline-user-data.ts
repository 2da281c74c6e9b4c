import { offlineDb } from './offline-db.ts';

/**
 * Removes everything of the user `userId` the device keeps in IndexedDB (decision 048): their queued submissions
 * and edit requests (`outbox` of src/lib/offline-db.ts). `userId` null (the token could not be read): every queued
 * request goes. Saved places are the device's, not the user's, and stay. Called on sign-out
 * (src/features/auth/api/logout.ts), which loads this module then; never rejects (a device without IndexedDB has
 * nothing to clear).
 */
export async function clearUserOfflineData(userId: string | null): Promise<void> {
  try {
    const db = await offlineDb();
    const tx = db.transaction('outbox', 'readwrite');
    const keys = userId ? await tx.store.index('userId').getAllKeys(userId) : await tx.store.getAllKeys();
    await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done]);
  } catch {
    // nothing stored, or no IndexedDB
  }
}
