-- Precise change notifications for the response cache (docs/decisions/042-precise-cache-invalidation.md,
-- replacing decision 011's "empty everything on every change").
--
-- The payload of `public_data_changed` is now the list of cache tags a change touches, separated by
-- spaces, or `*` (empty everything). The Node server keeps a set of tags with every cached answer and
-- rendered page (src/server/http/cache-tags.ts names them) and drops only the entries sharing a tag
-- with the notification. The tags of a change of public.places, for the row before AND after it
-- (a place moved from zone A to B touches both):
--   p:<place slug>            its detail and page, and every detail/page showing it among related places
--   pl:<cat|*>:<zone|*>       the lists (and totals) of places filtered by its category and/or zone, or none
--   mk:<cat|*>:<zone|*>       the map markers of those filters (only when a marker field changed)
--   c:<category slug>         the category's own answer (its count)
--   z:<zone slug>             the zone's own answer (its count, its buildings' counts: the building's zone too)
--   rel:<cat> rel:<cat>:<zone> the related places of details in that category (only when membership or
--                             order changed: insert, delete, category, zone, name or slug)
--   cats, zones               the category list, the zone list (their counts): when a place came, went, or
--                             changed category (cats) or zone (zones)
--   search                    every search answer and searched list
-- Changes whose reach is not bounded here send `*`: categories, zones, buildings (their names are on
-- every card), website settings (the time zone of every place), TRUNCATE, a statement
-- changing more than 200 places, a payload over 7 000 bytes, and direct edits of the derived tables
-- private.place_counts and private.search_terms (their trigger-made changes follow a change of
-- places, whose notification covers them: pg_trigger_depth() > 1).
--
-- Every tag list is also appended to the transaction-local setting `dalil.changed_tags`, which the API
-- reads at the end of its own write transactions to invalidate its cache before answering (the writer
-- then reads its write at once; the notification reaches every other instance at commit).

create or replace function private.notify_cache_tags(tags text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  so_far text := nullif(current_setting('dalil.changed_tags', true), '');
begin
  if tags is null or tags = '' then
    return;
  end if;
  if length(tags) > 7000 then
    tags := '*';
  end if;
  perform pg_notify('public_data_changed', tags);
  perform set_config('dalil.changed_tags',
    case when so_far is null then tags
         when so_far = '*' or tags = '*' or length(so_far) + length(tags) > 7000 then '*'
         else so_far || ' ' || tags end,
    true);
end;
$$;
revoke all on function private.notify_cache_tags(text) from public;

-- The tags of a set of place rows before (olds) and after (news) a statement, matched by id.
create or replace function private.place_change_tags(olds public.places[], news public.places[])
returns text
language sql
stable
security definer
set search_path = ''
as $$
  with o as (select * from unnest(olds)), n as (select * from unnest(news)),
  pairs as (
    select o.id is null or n.id is null
             or (o.category_id, o.zone_id, o.name, o.slug) is distinct from (n.category_id, n.zone_id, n.name, n.slug) as moved,
           o.id is null or n.id is null
             or (o.slug, o.name, o.name_ar, o.latitude, o.longitude, o.map_url, o.category_id, o.zone_id)
                is distinct from (n.slug, n.name, n.name_ar, n.latitude, n.longitude, n.map_url, n.category_id, n.zone_id) as marker,
           o.id is null or n.id is null or o.category_id is distinct from n.category_id as category_count,
           o.id is null or n.id is null or o.zone_id is distinct from n.zone_id as zone_count,
           o.slug as o_slug, o.category_id as o_category, o.zone_id as o_zone, o.building_id as o_building,
           n.slug as n_slug, n.category_id as n_category, n.zone_id as n_zone, n.building_id as n_building
    from o full join n on n.id = o.id
  ),
  sides as (
    select p.moved, p.marker, p.category_count, p.zone_count, v.slug, c.slug as cat, z.slug as zone, bz.slug as building_zone
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
      'pl:*:*', 'pl:' || s.cat || ':*', 'pl:*:' || s.zone, 'pl:' || s.cat || ':' || s.zone,
      'c:' || s.cat, 'z:' || s.zone, 'z:' || s.building_zone,
      case when s.marker then 'mk:*:*' end, case when s.marker then 'mk:' || s.cat || ':*' end,
      case when s.marker then 'mk:*:' || s.zone end, case when s.marker then 'mk:' || s.cat || ':' || s.zone end,
      case when s.moved then 'rel:' || s.cat end, case when s.moved then 'rel:' || s.cat || ':' || s.zone end,
      case when s.category_count then 'cats' end, case when s.zone_count then 'zones' end
    ]) as tag
    from sides s
  )
  select string_agg(distinct tag, ' ' order by tag) from tags where tag is not null
$$;
revoke all on function private.place_change_tags(public.places[], public.places[]) from public;

-- Most rows of one statement described tag by tag; a larger one (an import, a bulk edit) empties everything.
create or replace function private.notify_place_changes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  olds public.places[] := '{}';
  news public.places[] := '{}';
  rows bigint := 0;
begin
  if tg_op = 'TRUNCATE' then
    perform private.notify_cache_tags('*');
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    select count(*) into rows from old_rows;
  else
    select count(*) into rows from new_rows;
  end if;
  if rows = 0 then
    return null;
  end if;
  if rows > 200 then
    perform private.notify_cache_tags('*');
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    select array_agg(r) into olds from old_rows r;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    select array_agg(r) into news from new_rows r;
  end if;
  perform private.notify_cache_tags(private.place_change_tags(coalesce(olds, '{}'), coalesce(news, '{}')));
  return null;
end;
$$;
revoke all on function private.notify_place_changes() from public;

-- The other tables a public answer reads: `*`. The derived tables only when edited directly (a
-- change made by a trigger of places is covered by the places notification).
create or replace function private.notify_public_data_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_schema = 'private' and tg_table_name in ('place_counts', 'search_terms') and pg_trigger_depth() > 1 then
    return null;
  end if;
  perform private.notify_cache_tags('*');
  return null;
end;
$$;

drop trigger if exists notify_public_data_changed on public.places;
create trigger notify_public_data_changed after truncate on public.places
  for each statement execute function private.notify_place_changes();
create trigger notify_public_data_changed_ins after insert on public.places
  referencing new table as new_rows for each statement execute function private.notify_place_changes();
create trigger notify_public_data_changed_upd after update on public.places
  referencing old table as old_rows new table as new_rows for each statement execute function private.notify_place_changes();
create trigger notify_public_data_changed_del after delete on public.places
  referencing old table as old_rows for each statement execute function private.notify_place_changes();

-- Slug redirects (decision 023) decide only whether /p/<old slug> answers 301: `p:<old slug>` (a cached
-- 404 page of that slug goes). Also when a place's deletion cascades to its redirects.
create or replace function private.notify_slug_redirect_changes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  tags text;
begin
  if tg_op = 'TRUNCATE' then
    perform private.notify_cache_tags('*');
  elsif tg_op = 'INSERT' then
    select string_agg(distinct 'p:' || r.old_slug, ' ') into tags from new_rows r;
  elsif tg_op = 'DELETE' then
    select string_agg(distinct 'p:' || r.old_slug, ' ') into tags from old_rows r;
  else
    select string_agg(distinct 'p:' || s, ' ') into tags from (select old_slug from old_rows union select old_slug from new_rows) x(s);
  end if;
  perform private.notify_cache_tags(tags);
  return null;
end;
$$;
revoke all on function private.notify_slug_redirect_changes() from public;

drop trigger if exists notify_public_data_changed on public.place_slug_redirects;
create trigger notify_public_data_changed after truncate on public.place_slug_redirects
  for each statement execute function private.notify_slug_redirect_changes();
create trigger notify_public_data_changed_ins after insert on public.place_slug_redirects
  referencing new table as new_rows for each statement execute function private.notify_slug_redirect_changes();
create trigger notify_public_data_changed_upd after update on public.place_slug_redirects
  referencing old table as old_rows new table as new_rows for each statement execute function private.notify_slug_redirect_changes();
create trigger notify_public_data_changed_del after delete on public.place_slug_redirects
  referencing old table as old_rows for each statement execute function private.notify_slug_redirect_changes();
