import type { ISql } from 'postgres';

/**
 * The statements of the embedded stack's accounts (auth/local-auth-provider.ts), on the tables GoTrue
 * keeps: auth.users, auth.sessions, auth.refresh_tokens, auth.one_time_tokens (and the profile and site
 * names the sign-up and its mails read). Run on the owner connection (`Sql`, the auth schema is not
 * reachable as anon/authenticated) or inside one of its transactions; the provider decides what
 * runs together, these functions hold the SQL. Nothing here hashes, signs or checks: values come hashed.
 */

/** The owner connection or one of its transactions. */
export type OwnerDb = ISql;

/** A row of auth.users as the provider reads it. */
export interface UserRow {
  id: string;
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  banned_until: Date | null;
  deleted_at: Date | null;
}

/** The kinds of one-time codes (auth.one_time_tokens.token_type). */
export type CodeType = 'confirmation_token' | 'recovery_token';

// ---- users ----

/** The user with e-mail `email` (already lower-cased), compared case-insensitively. */
export async function userByEmail(db: OwnerDb, email: string): Promise<UserRow | undefined> {
  const [row] = await db<UserRow[]>`select * from auth.users where lower(email) = ${email}`;
  return row;
}

/** The user with e-mail `email`, its row locked until `tx` ends (sign-up, codes, admin creation). */
export async function lockUserByEmail(tx: OwnerDb, email: string): Promise<UserRow | undefined> {
  const [row] = await tx<UserRow[]>`select * from auth.users where lower(email) = ${email} for update`;
  return row;
}

/** The user with id `userId` (a UUID). */
export async function userById(db: OwnerDb, userId: string): Promise<UserRow | undefined> {
  const [row] = await db<UserRow[]>`select * from auth.users where id = ${userId}`;
  return row;
}

/** Inserts a user waiting for e-mail confirmation (a code is being sent); returns its id. */
export async function insertUnconfirmedUser(tx: OwnerDb, user: { email: string; passwordHash: string; appMeta: object; userMeta: object }): Promise<string> {
  const [created] = await tx<{ id: string }[]>`
    insert into auth.users (email, encrypted_password, confirmation_sent_at, raw_app_meta_data, raw_user_meta_data)
    values (${user.email}, ${user.passwordHash}, now(), ${tx.json(user.appMeta as never)}, ${tx.json(user.userMeta as never)})
    returning id`;
  return created!.id;
}

/**
 * A second sign-up of an unconfirmed address: the new password, name and language replace the earlier
 * ones (in auth.users and in the user's profile) and the confirmation counts as sent now.
 */
export async function renewUnconfirmedUser(tx: OwnerDb, userId: string, user: { passwordHash: string; name: string; locale: string }): Promise<void> {
  await tx`update auth.users set encrypted_password = ${user.passwordHash}, confirmation_sent_at = now(), updated_at = now(),
             raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || ${tx.json({ name: user.name, locale: user.locale })}
           where id = ${userId}`;
  await tx`update public.profiles set name = ${user.name}, locale = ${user.locale} where id = ${userId}`;
}

/** Marks the user's address confirmed (kept if it already was) and signed in now. */
export async function confirmEmail(tx: OwnerDb, userId: string): Promise<void> {
  await tx`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), last_sign_in_at = now(), updated_at = now()
           where id = ${userId}`;
}

/** Records that a confirmation code was sent now. */
export async function markConfirmationSent(tx: OwnerDb, userId: string): Promise<void> {
  await tx`update auth.users set confirmation_sent_at = now() where id = ${userId}`;
}

/** Records that a password-reset code was sent now. */
export async function markRecoverySent(tx: OwnerDb, userId: string): Promise<void> {
  await tx`update auth.users set recovery_sent_at = now() where id = ${userId}`;
}

/** Records a sign-in now. */
export async function markSignedIn(db: OwnerDb, userId: string): Promise<void> {
  await db`update auth.users set last_sign_in_at = now() where id = ${userId}`;
}

/** Replaces the user's password hash. */
export async function setPasswordHash(tx: OwnerDb, userId: string, passwordHash: string): Promise<void> {
  await tx`update auth.users set encrypted_password = ${passwordHash}, updated_at = now() where id = ${userId}`;
}

/** Sets `name` in the user's metadata; the updated row, or undefined when there is no such user. */
export async function setUserName(db: OwnerDb, userId: string, name: string): Promise<UserRow | undefined> {
  const sql = db;
  const [row] = await sql<UserRow[]>`
    update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || ${sql.json({ name })}, updated_at = now()
    where id = ${userId} returning *`;
  return row;
}

/** Grants (`isAdmin`) or withdraws the admin role in the user's app metadata; false when there is no such user. */
export async function setAdminRole(db: OwnerDb, userId: string, isAdmin: boolean): Promise<boolean> {
  const sql = db;
  const rows = isAdmin
    ? await sql`update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || '{"role":"admin"}'::jsonb, updated_at = now() where id = ${userId} returning id`
    : await sql`update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) - 'role', updated_at = now() where id = ${userId} returning id`;
  return rows.length > 0;
}

/**
 * Makes existing user `userId` an admin with this password: confirmed, `appMeta` merged into its app
 * metadata, its name replaced when `name` is given. Returns the updated row.
 */
export async function promoteToAdmin(tx: OwnerDb, userId: string, admin: { passwordHash: string; appMeta: object; name: string | null }): Promise<UserRow> {
  const [row] = await tx<UserRow[]>`
    update auth.users set encrypted_password = ${admin.passwordHash}, email_confirmed_at = coalesce(email_confirmed_at, now()),
      raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || ${tx.json(admin.appMeta as never)},
      raw_user_meta_data = case when ${admin.name}::text is null then raw_user_meta_data
                                else coalesce(raw_user_meta_data, '{}'::jsonb) || jsonb_build_object('name', ${admin.name}::text) end,
      updated_at = now()
    where id = ${userId} returning *`;
  return row!;
}

/** Inserts a confirmed admin user; returns its row. */
export async function insertAdmin(tx: OwnerDb, admin: { email: string; passwordHash: string; appMeta: object; name: string }): Promise<UserRow> {
  const [row] = await tx<UserRow[]>`
    insert into auth.users (email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
    values (${admin.email}, ${admin.passwordHash}, now(), ${tx.json(admin.appMeta as never)}, ${tx.json({ name: admin.name })})
    returning *`;
  return row!;
}

// ---- sessions and refresh tokens ----

/** Opens a session of `userId` ending in `ttlSeconds` with its first refresh token (hashed); returns the session id. */
export async function insertSession(tx: OwnerDb, userId: string, ttlSeconds: number, refreshTokenHash: string): Promise<string> {
  const [session] = await tx<{ id: string }[]>`
    insert into auth.sessions (user_id, not_after) values (${userId}, now() + make_interval(secs => ${ttlSeconds})) returning id`;
  await tx`insert into auth.refresh_tokens (token, user_id, session_id) values (${refreshTokenHash}, ${userId}, ${session!.id})`;
  return session!.id;
}

/** A refresh token (by hash) with its session, both rows locked until `tx` ends. */
export async function lockRefreshToken(tx: OwnerDb, tokenHash: string) {
  const [row] = await tx<{ id: string; revoked: boolean; session_id: string; user_id: string; updated_at: Date; not_after: Date | null }[]>`
    select rt.id, rt.revoked, rt.session_id, s.user_id, rt.updated_at, s.not_after
    from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id
    where rt.token = ${tokenHash}
    for update of rt, s`;
  return row;
}

/**
 * Rotates a session's refresh token: revokes token `tokenId` (with `wholeFamily`, every live token of the
 * session: a rotated token presented again within the reuse interval), adds `newHash` as its child and
 * marks the session refreshed.
 */
export async function rotateRefreshToken(tx: OwnerDb, rotation: { tokenId: string; tokenHash: string; newHash: string; sessionId: string; userId: string; wholeFamily: boolean }): Promise<void> {
  if (rotation.wholeFamily) {
    await tx`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = ${rotation.sessionId} and not revoked`;
  } else {
    await tx`update auth.refresh_tokens set revoked = true, updated_at = now() where id = ${rotation.tokenId}`;
  }
  await tx`insert into auth.refresh_tokens (token, user_id, session_id, parent) values (${rotation.newHash}, ${rotation.userId}, ${rotation.sessionId}, ${rotation.tokenHash})`;
  await tx`update auth.sessions set refreshed_at = now(), updated_at = now() where id = ${rotation.sessionId}`;
}

/** Ends session `sessionId` (its refresh tokens go with it); with `userId`, only if it is that user's. */
export async function deleteSession(db: OwnerDb, sessionId: string, userId?: string): Promise<void> {
  const sql = db;
  if (userId === undefined) await sql`delete from auth.sessions where id = ${sessionId}`;
  else await sql`delete from auth.sessions where id = ${sessionId} and user_id = ${userId}`;
}

/** Ends the session a refresh token (by hash) belongs to, if any. */
export async function deleteSessionOfRefreshToken(db: OwnerDb, tokenHash: string): Promise<void> {
  await db`delete from auth.sessions where id = (select session_id from auth.refresh_tokens where token = ${tokenHash})`;
}

/** Ends every session of the user, but `keep` when given (the session changing the password). */
export async function deleteUserSessions(tx: OwnerDb, userId: string, keep: string | null = null): Promise<void> {
  if (keep) await tx`delete from auth.sessions where user_id = ${userId} and id <> ${keep}`;
  else await tx`delete from auth.sessions where user_id = ${userId}`;
}

// ---- one-time codes ----

/** Stores a code's hash for (user, type), replacing any earlier one (attempts back to 0). */
export async function upsertCode(tx: OwnerDb, code: { userId: string; type: CodeType; hash: string; email: string }): Promise<void> {
  await tx`
    insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to)
    values (${code.userId}, ${code.type}, ${code.hash}, ${code.email})
    on conflict (user_id, token_type) do update
      set token_hash = excluded.token_hash, relates_to = excluded.relates_to, attempts = 0, created_at = now(), updated_at = now()`;
}

/** The user a code is checked for (by lower-cased e-mail). */
export async function codeUser(tx: OwnerDb, email: string) {
  const [user] = await tx<{ id: string; email_confirmed_at: Date | null }[]>`
    select id, email_confirmed_at from auth.users where lower(email) = ${email}`;
  return user;
}

/** The user's code of `type`, locked until `tx` ends. */
export async function lockCode(tx: OwnerDb, userId: string, type: CodeType) {
  const [token] = await tx<{ id: string; token_hash: string; attempts: number; created_at: Date }[]>`
    select id, token_hash, attempts, created_at from auth.one_time_tokens
    where user_id = ${userId} and token_type = ${type} for update`;
  return token;
}

/** Deletes a code (used, or expired). */
export async function deleteCode(tx: OwnerDb, codeId: string): Promise<void> {
  await tx`delete from auth.one_time_tokens where id = ${codeId}`;
}

/** Counts a wrong guess of a code. */
export async function countCodeAttempt(tx: OwnerDb, codeId: string): Promise<void> {
  await tx`update auth.one_time_tokens set attempts = attempts + 1, updated_at = now() where id = ${codeId}`;
}

// ---- mails ----

/** The directory's names (English, Arabic) that auth mails are signed with; none when settings are unreadable. */
export async function siteNamesForMail(db: OwnerDb): Promise<{ site_name: string | null; site_name_ar: string | null } | undefined> {
  const [settings] = await db<{ site_name: string | null; site_name_ar: string | null }[]>`
    select site_name, site_name_ar from public.website_settings limit 1`.catch(() => []);
  return settings;
}
