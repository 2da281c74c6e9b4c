-- Decision 076 (issue #28): a change that leaves the lists' members, order and totals alone (a phone, an address,
-- a logo, a description) no longer drops every list of its filters. The lists that show the place carry its
-- `p:` tag (src/server/http/cache-tags.ts), so they still go; the others (a category's first page when the
-- place is on its fifth, home's newest places) stay cached. `pl:` is sent only when a list's members, order or
-- total may change: insert, delete, category, zone, either name, slug, date, coordinates, opening hours. The
-- counts' tags follow the counts: `c:` when the category changes, `z:` when the zone or the building does.
--
-- Replaces private.place_change_tags (same signature, grants unchanged).

-- The cache tags of a set of place rows before (olds) and after (news) a statement, matched by id
-- (decision 042): a place moved from zone A to B touches both. Every change names the place (`p:`: its
-- detail, the details and list pages showing it) and `search`; the filters' lists (`pl:`) only when the
-- lists' members, order or totals may change (decision 076), the counts (`c:`, `z:`, `cats`, `zones`) only
-- when they may, markers and related lists only when theirs may.
create or replace function private.place_change_tags(olds public.places[], news public.places[]) returns text
language sql stable security definer set search_path = ''
as $$
  with o as (select * from unnest(olds)), n as (select * from unnest(news)),
  pairs as (
    select o.id is null or n.id is null
             or (o.category_id, o.zone_id, o.name, o.slug) is distinct from (n.category_id, n.zone_id, n.name, n.slug) as moved,
           -- what decides a list's members (its filters, open now), its order (the names in either language, the
           -- dates, the distance) and its total (listPlaces, src/server/queries/places-queries.ts)
           o.id is null or n.id is null
             or (o.category_id, o.zone_id, o.name, o.name_ar, o.slug, o.created_at, o.latitude, o.longitude, o.opening_hours)
                is distinct from (n.category_id, n.zone_id, n.name, n.name_ar, n.slug, n.created_at, n.latitude, n.longitude, n.opening_hours) as listed,
           o.id is null or n.id is null
             or (o.slug, o.name, o.name_ar, o.latitude, o.longitude, o.map_url, o.category_id, o.zone_id)
                is distinct from (n.slug, n.name, n.name_ar, n.latitude, n.longitude, n.map_url, n.category_id, n.zone_id) as marker,
           o.id is null or n.id is null or o.category_id is distinct from n.category_id as category_count,
           o.id is null or n.id is null or o.zone_id is distinct from n.zone_id as zone_count,
           o.id is null or n.id is null or o.building_id is distinct from n.building_id as building_count,
           o.slug as o_slug, o.category_id as o_category, o.zone_id as o_zone, o.building_id as o_building,
           n.slug as n_slug, n.category_id as n_category, n.zone_id as n_zone, n.building_id as n_building
    from o full join n on n.id = o.id
  ),
  sides as (
    select p.moved, p.listed, p.marker, p.category_count, p.zone_count, p.zone_count or p.building_count as zone_counts,
           v.slug, c.slug as cat, z.slug as zone, bz.slug as building_zone
    from pairs p
    cross join lateral (values (p.o_slug, p.o_category, p.o_zone, p.o_building), (p.n_slug, p.n_category, p.n_zone, p.n_building))
      as v(slug, category_id, zone_id, building_id)
    left join public.categories c on c.id = v.category_id
    left join public.zones z on z.id = v.zone_id
    left join public.buildings b on b.id = v.building_id
    left join public.zones bz on bz.id = b.zone_id
    where v.slug is not null
  ),
  tags as (
    select unnest(array[
      'p:' || s.slug, 'search',
      case when s.listed then 'pl:*:*' end, case when s.listed then 'pl:' || s.cat || ':*' end,
      case when s.listed then 'pl:*:' || s.zone end, case when s.listed then 'pl:' || s.cat || ':' || s.zone end,
      case when s.category_count then 'c:' || s.cat end,
      case when s.zone_counts then 'z:' || s.zone end, case when s.zone_counts then 'z:' || s.building_zone end,
      case when s.marker then 'mk:*:*' end, case when s.marker then 'mk:' || s.cat || ':*' end,
      case when s.marker then 'mk:*:' || s.zone end, case when s.marker then 'mk:' || s.cat || ':' || s.zone end,
      case when s.moved then 'rel:' || s.cat end, case when s.moved then 'rel:' || s.cat || ':' || s.zone end,
      case when s.category_count then 'cats' end, case when s.zone_count then 'zones' end
    ]) as tag
    from sides s
  )
  select string_agg(distinct tag, ' ' order by tag) from tags where tag is not null
$$;
