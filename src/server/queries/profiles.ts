import type { Tx } from '../db/client.ts';

/** A profile row (RLS: the caller's own) with the number of places its user owns. */
export interface ProfileRow { id: string; name: string; created_at: Date; places_count: number }

/** The profile of `userId` with its place count; undefined when absent (or not the caller's). */
export async function readProfileRow(tx: Tx, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await tx<ProfileRow[]>`
    select p.id, p.name, p.created_at,
           (select count(*) from public.places pl where pl.owner_id = p.id)::int as places_count
    from public.profiles p where p.id = ${userId}`;
  return row;
}

/** Renames the profile of `userId`. */
export async function updateProfileName(tx: Tx, userId: string, name: string): Promise<void> {
  await tx`update public.profiles set name = ${name} where id = ${userId}`;
}
