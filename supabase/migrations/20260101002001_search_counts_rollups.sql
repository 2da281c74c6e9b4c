-- Search and paging, second step (20260101002000 is applied as it was first committed):
--   * search_query(): a phone query of zeros only ('000000') no longer builds an empty lexeme;
--   * place counters gain roll-ups, so every list total is a one-row read.

-- Turns what a user typed into the queries search runs (NULL parts when nothing is searchable):
--   key:    the words joined by spaces, compared with places.name_key/name_ar_key (exact, prefix);
--   typed:  every required word, as typed or a derived form, as a whole word or (3+ letters) a
--           word prefix; AND across words;
--   fuzzy:  typed, plus per word (4+ letters) the vocabulary words one edit away and, for Latin
--           words, those with the same consonant skeleton.
-- Words of 1–2 letters match whole words only and are optional when longer words are present.
-- A text of digits, spaces and + ( ) - with 5+ digits is a phone number: its national and
-- international digit strings, as prefixes. At most 8 words and 200 characters are considered.
create or replace function public.search_query(q text, out key text, out typed tsquery, out fuzzy tsquery)
language plpgsql
stable
parallel safe
set search_path = ''
as $$
declare
  words text[];
  required text[];
  w text;
  part text;
  typed_parts text[] := '{}';
  fuzzy_parts text[] := '{}';
  alternatives text[];
begin
  q := left(coalesce(q, ''), 200);
  key := private.search_key(q);
  if key = '' then
    key := null;
    return;
  end if;
  if q ~ '^[\s0-9٠-٩۰-۹+().-]+$' and length(regexp_replace(translate(q, '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', '01234567890123456789'), '[^0-9]', '', 'g')) >= 5 then
    w := regexp_replace(translate(q, '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', '01234567890123456789'), '[^0-9]', '', 'g');
    w := coalesce(nullif(case when w like '00966%' then substr(w, 6) when w like '966%' then substr(w, 4) else ltrim(w, '0') end, ''), w);
    -- national digits without the trunk 0: match them with and without it, and as 966…
    select string_agg(private.ts_lexeme(f, true), ' | ') into part
    from unnest(array[w, '0' || w, '966' || w]) f;
    typed := part::tsquery;
    fuzzy := typed;
    return;
  end if;
  select array_agg(x.w order by x.i) into words
  from (select distinct on (t.w) t.w, t.i from unnest(private.search_words(q)) with ordinality t(w, i) order by t.w, t.i) x;
  words := words[1:8];
  select array_agg(x) into required from unnest(words) x where length(x) >= 3 or x ~ '^[0-9]+$';
  if required is null then
    required := words;
  end if;
  foreach w in array required loop
    select string_agg(private.ts_lexeme(f, length(f) >= 3), ' | ') into part
    from (select distinct f from unnest(private.search_word_forms(array[w])) f) forms;
    typed_parts := typed_parts || ('(' || part || ')');
    alternatives := '{}';
    if length(w) >= 4 and w !~ '^[0-9]+$' then
      select coalesce(array_agg(t.term), '{}') into alternatives
      from (
        (select s.term from private.search_terms s
          where private.term_deletions(s.term) && private.term_deletions(w)
            and s.term <> w and private.within_one_edit(s.term, w)
          limit 20)
        union
        (select s.term from private.search_terms s
          where s.skeleton = private.latin_skeleton(w) and s.term <> w
          limit 20)
      ) t;
    end if;
    if cardinality(alternatives) > 0 then
      select part || ' | ' || string_agg(private.ts_lexeme(a, false), ' | ') into part from unnest(alternatives) a;
    end if;
    fuzzy_parts := fuzzy_parts || ('(' || part || ')');
  end loop;
  typed := array_to_string(typed_parts, ' & ')::tsquery;
  fuzzy := array_to_string(fuzzy_parts, ' & ')::tsquery;
end;
$$;
grant execute on function public.search_query(text) to anon, authenticated, service_role;

-- Exact place counts kept by statement-level triggers, so list totals are one row read instead of
-- counting up to 100 000 rows: per (category, zone), and the roll-ups per category (zone_id -1),
-- per zone (category_id -1) and overall (-1, -1). zone_id 0 = no zone. Every place is publicly
-- readable, so these equal what any caller can count. Rows are locked in key order (no deadlock
-- between concurrent writers); the overall row serialises concurrent place inserts at commit,
-- which admin-paced writes never notice.
-- (Table private.place_counts from 20260101002000; its per-zone index is no longer needed.)
drop index if exists private.place_counts_zone_idx;

-- Adds signed deltas (category_id, zone_id or 0, n) to the counters and their roll-ups.
create or replace function private.add_place_counts(deltas jsonb)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.place_counts as c (category_id, zone_id, n)
  select coalesce(d.category_id, -1), coalesce(d.zone_id, -1), sum(d.n)
  from jsonb_to_recordset(deltas) as d(category_id bigint, zone_id bigint, n bigint)
  group by grouping sets ((d.category_id, d.zone_id), (d.category_id), (d.zone_id), ())
  having sum(d.n) <> 0
  order by 1, 2
  on conflict (category_id, zone_id) do update set n = c.n + excluded.n
$$;
revoke all on function private.add_place_counts(jsonb) from public;

create or replace function private.place_counts_trigger()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from private.place_counts;
  elsif tg_op = 'INSERT' then
    perform private.add_place_counts(coalesce((
      select jsonb_agg(jsonb_build_object('category_id', category_id, 'zone_id', zone_id, 'n', n))
      from (select category_id, coalesce(zone_id, 0) as zone_id, count(*) as n from new_rows group by 1, 2) g), '[]'));
  else
    perform private.add_place_counts(coalesce((
      select jsonb_agg(jsonb_build_object('category_id', category_id, 'zone_id', zone_id, 'n', -n))
      from (select category_id, coalesce(zone_id, 0) as zone_id, count(*) as n from old_rows group by 1, 2) g), '[]'));
  end if;
  return null;
end;
$$;

create or replace function private.place_counts_update_trigger()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.add_place_counts(coalesce((
    select jsonb_agg(jsonb_build_object('category_id', category_id, 'zone_id', zone_id, 'n', n))
    from (
      select n.category_id, coalesce(n.zone_id, 0) as zone_id, 1 as n
      from old_rows o join new_rows n on n.id = o.id
      where (o.category_id, coalesce(o.zone_id, 0)) is distinct from (n.category_id, coalesce(n.zone_id, 0))
      union all
      select o.category_id, coalesce(o.zone_id, 0), -1
      from old_rows o join new_rows n on n.id = o.id
      where (o.category_id, coalesce(o.zone_id, 0)) is distinct from (n.category_id, coalesce(n.zone_id, 0))
    ) moved), '[]'));
  return null;
end;
$$;
-- Recount from the places themselves (the triggers keep the same names and now call these).
delete from private.place_counts;
select private.add_place_counts(coalesce((
  select jsonb_agg(jsonb_build_object('category_id', category_id, 'zone_id', zone_id, 'n', n))
  from (select category_id, coalesce(zone_id, 0) as zone_id, count(*) as n from public.places group by 1, 2) g), '[]'));
