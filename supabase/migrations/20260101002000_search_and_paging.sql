-- Search and paging at scale (100 000 places).
--
-- Search: a word-level, typo-tolerant, Arabic-aware index of places, categories, zones and buildings.
--
-- Every searchable row gets a `search_vector` (tsvector built here, not by a text-search parser, so
-- it behaves the same whatever the database locale): the words of its texts after
-- public.search_normalize (DESIGN §3), apostrophes dropped, split on anything that is not a letter or
-- digit, plus a few derived forms (Arabic article ال dropped, عبدالعزيز ↔ عبد العزيز, Latin al-prefix,
-- plural → singular, phone numbers in international and national form). Weights rank where a word
-- was found: A = name (English or Arabic), B = category, zone or building of a place, C = address
-- and phone. A place's vector includes its category, zone and building, so 'cafe olaya' finds cafés
-- in Al Ulayya; triggers keep it current when any of those is renamed.
--
-- private.search_terms is the vocabulary of every word in every vector. Queries use it to add, per
-- query word, the vocabulary words one edit away (wrong, missing, extra or two swapped letters;
-- words of 4+ letters), found through a GIN index on each word's one-letter deletions (the
-- symmetric-delete method), and, for Latin words, those with the same consonant skeleton
-- (Olaya ~ Ulayya, Mohammed ~ Muhammad). public.search_query() turns a user's text into tsqueries.

-- ───────────────────────────── words ─────────────────────────────

-- The words of a text: normalised (public.search_normalize), apostrophes removed (McDonald's →
-- mcdonalds), split on every character that is not a letter or digit. Never NULL.
create or replace function private.search_words(input text)
returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(array_remove(regexp_split_to_array(
    regexp_replace(public.search_normalize(input), '[''`´ʼʻ‘’]', '', 'g'),
    '[^[:alnum:]\u0620-\u064A\u066E-\u06D3]+'), ''), '{}')
$$;

-- The words plus derived forms that let common spelling variants meet:
--   Arabic: الرياض → also رياض; ومعالم → also معالم; والفنون → also الفنون, فنون; صيدليات → also صيدليه; عبدالعزيز → also عبد, العزيز, عزيز;
--   Latin: pharmacies → pharmacy; cafes → cafe; alfaisaliah → faisaliah;
--   pairs after al/el/abu/abd/bin/ibn/عبد/ابو/بن/ابن are also joined (al faisaliah → alfaisaliah).
create or replace function private.search_word_forms(words text[])
returns text[]
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  result text[] := '{}';
  w text;
  prev text := null;
  n integer;
begin
  foreach w in array words loop
    result := result || w;
    n := length(w);
    if w ~ '^[a-z0-9]+$' then
      if n >= 5 and w like '%ies' then
        result := result || (left(w, -3) || 'y');
      elsif n >= 4 and w like '%s' and w not like '%ss' and w !~ '^[0-9]+$' then
        result := result || left(w, -1);
      end if;
      if n >= 6 and w like 'al%' then
        result := result || substr(w, 3);
      end if;
    else
      if n >= 5 and w like 'ال%' then
        result := result || substr(w, 3);
      elsif n >= 6 and w like 'وال%' then
        result := result || array[substr(w, 2), substr(w, 4)];
      elsif n >= 5 and w like 'و%' then
        result := result || substr(w, 2);
      end if;
      if n >= 5 and w like '%ات' then
        result := result || (left(w, -2) || 'ه');
      end if;
      if n >= 7 and w like 'عبدال%' then
        result := result || array['عبد', substr(w, 4), substr(w, 6)];
      end if;
    end if;
    if prev in ('al', 'el', 'ad', 'an', 'ar', 'as', 'at', 'az', 'abu', 'abd', 'bin', 'ibn', 'عبد', 'ابو', 'بن', 'ابن') then
      result := result || (prev || w);
    end if;
    prev := w;
  end loop;
  return result;
end;
$$;

-- A phone number as the digit strings people type: international (966…), national (0…) and
-- without the trunk 0. '+966 11 123 4567' → {966111234567, 0111234567, 111234567}.
create or replace function private.phone_forms(phone text)
returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  with d as (select regexp_replace(translate(coalesce(phone, ''), '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', '01234567890123456789'), '[^0-9]', '', 'g') as digits),
  n as (
    select digits,
      case when digits like '00966%' then '0' || substr(digits, 6)
           when digits like '966%' and length(digits) >= 11 then '0' || substr(digits, 4)
           else digits end as national
    from d
  )
  select case when digits = '' then '{}'::text[]
              else array(select distinct f from unnest(array[digits, national, ltrim(national, '0')]) f where f <> '') end
  from n
$$;

-- A weighted tsvector part: every form at position `pos` with weight `w` (one position per weight
-- keeps vectors small; search ranks by weight, never by position).
create or replace function private.search_vector_part(forms text[], w "char", pos integer)
returns tsvector
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(
    string_agg(format('''%s'':%s%s', replace(replace(f, '\', '\\'), '''', ''''''), pos, w), ' ')::tsvector,
    ''::tsvector)
  from (select distinct f from unnest(forms) f where f <> '') t
$$;

-- The search vector of a named thing: A = its names, B = context (category, zone, building),
-- C = address texts and phone numbers.
create or replace function private.search_document(names text, context text, address text, phone text)
returns tsvector
language sql
immutable
parallel safe
set search_path = ''
as $$
  select private.search_vector_part(private.search_word_forms(private.search_words(names)), 'A', 1)
      || private.search_vector_part(private.search_word_forms(private.search_words(context)), 'B', 2)
      || private.search_vector_part(private.search_word_forms(private.search_words(address)) || private.phone_forms(phone), 'C', 3)
$$;

-- The words of a name joined by single spaces: the key exact and prefix matches compare
-- ('McDonald''s – Olaya' → 'mcdonalds olaya').
create or replace function private.search_key(input text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select array_to_string(private.search_words(input), ' ')
$$;

-- ──────────────────────── vectors on the tables ────────────────────────

-- Categories, zones and buildings: name keys (exact and prefix matches) and vectors.
alter table public.categories
  add column name_key text generated always as (private.search_key(name)) stored,
  add column name_ar_key text generated always as (private.search_key(name_ar)) stored,
  add column search_vector tsvector generated always as (private.search_document(name || ' ' || coalesce(name_ar, ''), null, null, null)) stored;
create index categories_search_vector_idx on public.categories using gin (search_vector);

alter table public.zones
  add column title_key text generated always as (private.search_key(title)) stored,
  add column title_ar_key text generated always as (private.search_key(title_ar)) stored,
  add column search_vector tsvector generated always as (private.search_document(title || ' ' || coalesce(title_ar, ''), null, null, null)) stored;
create index zones_search_vector_idx on public.zones using gin (search_vector);

alter table public.buildings
  add column name_key text generated always as (private.search_key(name)) stored,
  add column name_ar_key text generated always as (private.search_key(name_ar)) stored,
  add column search_vector tsvector generated always as (private.search_document(name || ' ' || coalesce(name_ar, ''), number, null, null)) stored;
create index buildings_search_vector_idx on public.buildings using gin (search_vector);

-- Places: name keys (exact/prefix matches and the one-letter search, btree in byte order), the
-- vector of the names alone (name matches rank first; its own statistics give the planner true
-- selectivities) and the full vector, kept by trigger because it includes the category, zone and
-- building.
alter table public.places
  add column name_key text generated always as (private.search_key(name)) stored,
  add column name_ar_key text generated always as (private.search_key(name_ar)) stored,
  add column name_vector tsvector generated always as (private.search_document(name || ' ' || coalesce(name_ar, ''), null, null, null)) stored,
  add column search_vector tsvector not null default ''::tsvector;
create index places_name_vector_idx on public.places using gin (name_vector);
create index places_name_key_idx on public.places (name_key collate "C", id);
create index places_name_ar_key_idx on public.places (name_ar_key collate "C", id);
create index places_search_vector_idx on public.places using gin (search_vector);

-- The full vector of one place from its own texts and the names of its category, zone, building.
create or replace function private.place_search_vector(p public.places)
returns tsvector
language sql
stable
set search_path = ''
as $$
  select private.search_document(
    p.name || ' ' || coalesce(p.name_ar, ''),
    concat_ws(' ',
      (select c.name || ' ' || coalesce(c.name_ar, '') from public.categories c where c.id = p.category_id),
      (select z.title || ' ' || coalesce(z.title_ar, '') from public.zones z where z.id = p.zone_id),
      (select b.name || ' ' || coalesce(b.name_ar, '') || ' ' || coalesce(b.number, '') from public.buildings b where b.id = p.building_id)),
    concat_ws(' ', p.address, p.address_ar),
    p.phone)
$$;

-- Before insert/update of a place: recompute its vector. Named to fire after
-- places_set_updated_at: a refresh cascaded from a renamed category/zone/building (trigger depth
-- > 1) keeps the place's updated_at, as the place itself did not change.
create or replace function private.places_search_vector_trigger()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.search_vector := private.place_search_vector(new);
  if tg_op = 'UPDATE' and pg_trigger_depth() > 1 then
    new.updated_at := old.updated_at;
  end if;
  return new;
end;
$$;
create trigger places_update_search_vector
  before insert or update of name, name_ar, address, address_ar, phone, category_id, zone_id, building_id, search_vector
  on public.places
  for each row execute function private.places_search_vector_trigger();

-- After a category, zone or building is renamed: refresh the vectors of its places.
create or replace function private.refresh_place_vectors_trigger()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'categories' then
    update public.places set search_vector = ''::tsvector where category_id = new.id;
  elsif tg_table_name = 'zones' then
    update public.places set search_vector = ''::tsvector where zone_id = new.id;
  else
    update public.places set search_vector = ''::tsvector where building_id = new.id;
  end if;
  return null;
end;
$$;
create trigger categories_refresh_place_vectors after update of name, name_ar on public.categories
  for each row when ((old.name, old.name_ar) is distinct from (new.name, new.name_ar))
  execute function private.refresh_place_vectors_trigger();
create trigger zones_refresh_place_vectors after update of title, title_ar on public.zones
  for each row when ((old.title, old.title_ar) is distinct from (new.title, new.title_ar))
  execute function private.refresh_place_vectors_trigger();
create trigger buildings_refresh_place_vectors after update of name, name_ar, number on public.buildings
  for each row when ((old.name, old.name_ar, old.number) is distinct from (new.name, new.name_ar, new.number))
  execute function private.refresh_place_vectors_trigger();

-- ───────────────────────────── vocabulary ─────────────────────────────

-- A Latin word's consonant skeleton, for transliteration variants of Arabic names: repeated letters
-- collapsed, a final h after a vowel dropped, a leading vowel → 'a', later vowels removed.
-- olaya, ulayya, ulayyah → 'aly'; mohammed, muhammad → 'mhmd'. NULL for non-Latin or short words.
create or replace function private.latin_skeleton(word text)
returns text
language sql
immutable
parallel safe
strict
set search_path = ''
as $$
  select case when word ~ '^[a-z]{4,}$' then (
    select case when s ~ '^[aeiou]' then 'a' else left(s, 1) end || regexp_replace(substr(s, 2), '[aeiou]', '', 'g')
    from (select regexp_replace(regexp_replace(word, '(.)\1+', '\1', 'g'), '([aeiouy])h$', '\1') as s) x
  ) end
$$;

-- The word and its one-letter deletions (for words of 3+ letters; shorter words → just the word).
create or replace function private.term_deletions(word text)
returns text[]
language sql
immutable
parallel safe
strict
set search_path = ''
as $$
  select case when length(word) < 3 then array[word]
    else array(select word union select left(word, i - 1) || substr(word, i + 1) from generate_series(1, length(word)) i) end
$$;

-- True when a and b differ by at most one edit: a wrong, missing or extra letter, or two adjacent
-- letters swapped (optimal string alignment distance ≤ 1).
create or replace function private.within_one_edit(a text, b text)
returns boolean
language plpgsql
immutable
parallel safe
strict
set search_path = ''
as $$
declare
  la integer := length(a);
  lb integer := length(b);
  p integer := 0;
begin
  if a = b then return true; end if;
  if abs(la - lb) > 1 then return false; end if;
  while p < least(la, lb) and substr(a, p + 1, 1) = substr(b, p + 1, 1) loop
    p := p + 1;
  end loop;
  if la = lb then
    return substr(a, p + 2) = substr(b, p + 2)
        or (substr(a, p + 1, 1) = substr(b, p + 2, 1) and substr(a, p + 2, 1) = substr(b, p + 1, 1) and substr(a, p + 3) = substr(b, p + 3));
  elsif la > lb then
    return substr(a, p + 2) = substr(b, p + 1);
  else
    return substr(a, p + 1) = substr(b, p + 2);
  end if;
end;
$$;

create table private.search_terms (
  term text primary key collate "C",
  skeleton text generated always as (private.latin_skeleton(term)) stored
);
create index search_terms_deletions_idx on private.search_terms using gin (private.term_deletions(term));
create index search_terms_skeleton_idx on private.search_terms (skeleton) where skeleton is not null;
alter table private.search_terms enable row level security;
grant select on private.search_terms to anon, authenticated, service_role;
create policy "Anyone can read search terms" on private.search_terms for select to anon, authenticated, service_role using (true);

-- Adds the words of new or changed vectors to the vocabulary (statement level; words of deleted
-- rows stay, they only widen typo suggestions that then match nothing).
create or replace function private.collect_search_terms_trigger()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.search_terms (term)
  select distinct t from new_rows, unnest(tsvector_to_array(new_rows.search_vector)) t
  on conflict do nothing;
  return null;
end;
$$;
create trigger places_collect_search_terms_ins after insert on public.places
  referencing new table as new_rows for each statement execute function private.collect_search_terms_trigger();
create trigger places_collect_search_terms_upd after update on public.places
  referencing new table as new_rows for each statement execute function private.collect_search_terms_trigger();
create trigger categories_collect_search_terms_ins after insert on public.categories
  referencing new table as new_rows for each statement execute function private.collect_search_terms_trigger();
create trigger categories_collect_search_terms_upd after update on public.categories
  referencing new table as new_rows for each statement execute function private.collect_search_terms_trigger();
create trigger zones_collect_search_terms_ins after insert on public.zones
  referencing new table as new_rows for each statement execute function private.collect_search_terms_trigger();
create trigger zones_collect_search_terms_upd after update on public.zones
  referencing new table as new_rows for each statement execute function private.collect_search_terms_trigger();
create trigger buildings_collect_search_terms_ins after insert on public.buildings
  referencing new table as new_rows for each statement execute function private.collect_search_terms_trigger();
create trigger buildings_collect_search_terms_upd after update on public.buildings
  referencing new table as new_rows for each statement execute function private.collect_search_terms_trigger();

-- ───────────────────────────── queries ─────────────────────────────

-- A tsquery lexeme literal.
create or replace function private.ts_lexeme(word text, prefix boolean)
returns text
language sql
immutable
parallel safe
strict
set search_path = ''
as $$
  select '''' || replace(replace(word, '\', '\\'), '''', '''''') || '''' || case when prefix then ':*' else '' end
$$;

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

-- ───────────────────────────── paging ─────────────────────────────

-- Keyset-friendly orderings within a category or zone (newest/oldest), next to the existing
-- (category_id, name, id) and (zone_id, name, id).
create index places_category_created_idx on public.places (category_id, created_at desc, id desc);
create index places_zone_created_idx on public.places (zone_id, created_at desc, id desc);
-- Related places of a detail page: same category, same zone first, by name.
create index places_category_zone_name_idx on public.places (category_id, zone_id, name, id);

-- The substring/trigram search columns of the first schema are no longer queried on places (search
-- uses the vectors above); their GIN indexes only slowed every write.
drop index if exists public.places_search_name_trgm_idx;
drop index if exists public.places_search_text_trgm_idx;

-- Exact place counts per (category, zone) kept by statement-level triggers, so list totals are
-- O(categories × zones) instead of counting up to 100 000 rows. zone_id 0 = no zone. Every place is
-- publicly readable, so these equal what any caller can count.
create table private.place_counts (
  category_id bigint not null,
  zone_id bigint not null,
  n bigint not null default 0,
  primary key (category_id, zone_id)
);
create index place_counts_zone_idx on private.place_counts (zone_id);
alter table private.place_counts enable row level security;
grant select on private.place_counts to anon, authenticated, service_role;
create policy "Anyone can read place counts" on private.place_counts for select to anon, authenticated, service_role using (true);

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
    insert into private.place_counts as c (category_id, zone_id, n)
    select category_id, coalesce(zone_id, 0), count(*) from new_rows group by 1, 2
    on conflict (category_id, zone_id) do update set n = c.n + excluded.n;
  else
    insert into private.place_counts as c (category_id, zone_id, n)
    select category_id, coalesce(zone_id, 0), -count(*) from old_rows group by 1, 2
    on conflict (category_id, zone_id) do update set n = c.n + excluded.n;
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
  with moved as (
    select o.category_id as old_category, coalesce(o.zone_id, 0) as old_zone,
           n.category_id as new_category, coalesce(n.zone_id, 0) as new_zone
    from old_rows o join new_rows n on n.id = o.id
    where (o.category_id, coalesce(o.zone_id, 0)) is distinct from (n.category_id, coalesce(n.zone_id, 0))
  ), delta as (
    select new_category as category_id, new_zone as zone_id, count(*) as n from moved group by 1, 2
    union all
    select old_category, old_zone, -count(*) from moved group by 1, 2
  ), changed as (
    select d.category_id, d.zone_id, sum(d.n) as n from delta d group by 1, 2
  )
  insert into private.place_counts as c (category_id, zone_id, n)
  select category_id, zone_id, n from changed where n <> 0
  on conflict (category_id, zone_id) do update set n = c.n + excluded.n;
  return null;
end;
$$;
create trigger places_count_ins after insert on public.places
  referencing new table as new_rows for each statement execute function private.place_counts_trigger();
create trigger places_count_del after delete on public.places
  referencing old table as old_rows for each statement execute function private.place_counts_trigger();
create trigger places_count_upd after update on public.places
  referencing old table as old_rows new table as new_rows for each statement execute function private.place_counts_update_trigger();
create trigger places_count_truncate after truncate on public.places
  for each statement execute function private.place_counts_trigger();

-- Existing rows: compute place vectors (fires the triggers above; updated_at is left alone) and
-- fill the vocabulary.
alter table public.places disable trigger places_set_updated_at;
update public.places set search_vector = ''::tsvector;
alter table public.places enable trigger places_set_updated_at;
insert into private.search_terms (term)
select distinct t from (
  select search_vector from public.categories union all select search_vector from public.zones
  union all select search_vector from public.buildings
) v, unnest(tsvector_to_array(v.search_vector)) t
on conflict do nothing;

insert into private.place_counts (category_id, zone_id, n)
select category_id, coalesce(zone_id, 0), count(*) from public.places group by 1, 2;
