import type { Tx } from '../db/client.ts';
import { NotFoundError } from '../domain-errors.ts';
import type { Profile } from '../../shared/schemas/auth-schemas.ts';

/** A profile row (RLS: the caller's own) with the number of places the caller owns. */
export interface ProfileRow { id: string; name: string; created_at: Date; places_count: number; locale: 'en' | 'ar'; notify_decisions: boolean }

/** The profile of `userId` with its place count; undefined when absent (or not the caller's). */
export async function readProfileRow(tx: Tx, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await tx<ProfileRow[]>`
    select p.id, p.name, p.created_at, p.locale, p.notify_decisions,
           -- owner_id is not readable by API roles (column privileges): the caller's places via owned_place_ids
           (select count(*) from private.owned_place_ids() where p.id = (select auth.uid()))::int as places_count
    from public.profiles p where p.id = ${userId}`;
  return row;
}

/** Renames the profile of `userId`. */
export async function updateProfileName(tx: Tx, userId: string, name: string): Promise<void> {
  await tx`update public.profiles set name = ${name} where id = ${userId}`;
}

/** Turns the request-decision mails of `userId` on or off (RLS: only the owner may). */
export async function updateProfileSettings(tx: Tx, userId: string, settings: { notifyDecisions: boolean }): Promise<void> {
  await tx`update public.profiles set notify_decisions = ${settings.notifyDecisions} where id = ${userId}`;
}

/** The caller's profile row (RLS: only their own), with the number of places they own. */
export async function readProfile(tx: Tx, user: { id: string; email: string }): Promise<Profile> {
  const row = await readProfileRow(tx, user.id);
  if (!row) throw new NotFoundError('profile_not_found');
  return { id: row.id, email: user.email, name: row.name, memberSince: new Date(row.created_at).toISOString(), placesCount: row.places_count, locale: row.locale, notifyDecisions: row.notify_decisions };
}
