import type { Sql } from 'postgres';

/** One decided request and who to tell (read with the owner pool: addresses live in auth.users). */
export interface DecisionMailRow {
  id: number;
  type: 'create' | 'edit';
  status: 'approved' | 'rejected';
  rejection_reason: string | null;
  email: string | null;
  /** The submitter's sign-up language (profiles.locale). */
  locale: 'en' | 'ar';
  /** profiles.notify_decisions: false when the submitter turned these mails off. */
  notify: boolean;
  place_slug: string | null;
  place_name: string | null;
  place_name_ar: string | null;
  /** The name proposed in the request (for a rejected create, there is no place). */
  proposed_name: string | null;
  proposed_name_ar: string | null;
}

/**
 * The decided requests among `ids` (pending ones are left out) with their submitter's address,
 * language and mail setting, and the place's slug and names.
 */
export async function readDecisionMailRows(sql: Sql, ids: readonly number[]): Promise<DecisionMailRow[]> {
  if (ids.length === 0) return [];
  return sql<DecisionMailRow[]>`
    select r.id::int as id, r.type, r.status, r.rejection_reason, u.email,
           coalesce(pr.locale, 'en') as locale, coalesce(pr.notify_decisions, true) as notify,
           p.slug as place_slug, p.name as place_name, p.name_ar as place_name_ar,
           r.payload ->> 'name' as proposed_name, r.payload ->> 'nameAr' as proposed_name_ar
    from public.place_requests r
    join auth.users u on u.id = r.user_id
    left join public.profiles pr on pr.id = r.user_id
    left join public.places p on p.id = r.place_id
    where r.id = any(${ids as number[]}::bigint[]) and r.status in ('approved', 'rejected')`;
}

/** The site's name in both languages (website_settings), for the mail's signature. */
export async function readSiteNames(sql: Sql): Promise<{ site_name: string | null; site_name_ar: string | null } | undefined> {
  const [row] = await sql<{ site_name: string | null; site_name_ar: string | null }[]>`
    select site_name, site_name_ar from public.website_settings limit 1`;
  return row;
}
