-- Search: normalisation, the search keys and documents of every searchable table, the typo-tolerant
-- query, the vocabulary (private.search_terms) and the per-category/zone counts (private.place_counts).
-- docs/decisions/005-search-and-paging.md; DESIGN.md "Search".
-- Bodies are checked when a function runs, not here (as pg_dump does): a function may name a table
-- declared in a later file of config.toml's schema_paths.
set check_function_bodies = off;

-- unaccent() is only STABLE (its dictionary could change); with the dictionary named explicitly
-- it is safe to declare IMMUTABLE, which generated columns and indexes need.
create or replace function private.immutable_unaccent(input text) returns text
language sql immutable parallel safe strict set search_path = ''
as $$
  select extensions.unaccent('extensions.unaccent'::regdictionary, input)
$$;

-- Search normalisation shared by every search column and every query (DESIGN.md §3 "Data model";
-- why unaccent alone is not enough for Arabic: DESIGN.md §7 "Known pitfalls"):
-- Arabic: strip tashkeel (U+064B–U+065F, U+0670) and tatweel (U+0640); أ إ آ ٱ → ا; ى → ي;
-- ة → ه; ؤ → و; ئ → ي; Arabic-Indic and Persian digits → ASCII.
-- Latin: lower-case and unaccent. Whitespace collapsed. NULL → ''.
create or replace function public.search_normalize(input text) returns text
language sql immutable parallel safe set search_path = ''
as $$
  select btrim(regexp_replace(lower(private.immutable_unaccent(translate(
    regexp_replace(coalesce(input, ''), '[\u064B-\u065F\u0670\u0640]', '', 'g'),
    'أإآٱىةؤئ٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹',
    'اااايهوي01234567890123456789'
  ))), '\s+', ' ', 'g'))
$$;
revoke all on function public.search_normalize(text) from public, anon, authenticated, service_role;
grant execute on function public.search_normalize(text) to public, anon, authenticated, service_role;

-- The words of a name joined by single spaces: the key exact and prefix matches compare
-- ('McDonald''s – Olaya' → 'mcdonalds olaya').
create or replace function private.search_key(input text) returns text
language sql immutable parallel safe set search_path = ''
as $$
  select array_to_string(private.search_words(input), ' ')
$$;
revoke all on function private.search_key(text) from public, anon, authenticated, service_role;
grant execute on function private.search_key(text) to public, anon, authenticated, service_role;

-- The words of a text: normalised (public.search_normalize), apostrophes removed (McDonald's →
-- mcdonalds), split on every character that is not a letter or digit. Never NULL.
create or replace function private.search_words(input text) returns text[]
language sql immutable parallel safe set search_path = ''
as $$
  select coalesce(array_remove(regexp_split_to_array(
    regexp_replace(public.search_normalize(input), '[''`´ʼʻ‘’]', '', 'g'),
    '[^[:alnum:]\u0620-\u064A\u066E-\u06D3]+'), ''), '{}')
$$;

-- A tsquery lexeme literal.
create or replace function private.ts_lexeme(word text, prefix boolean) returns text
language sql immutable parallel safe strict set search_path = ''
as $$
  select '''' || replace(replace(word, '\', '\\'), '''', '''''') || '''' || case when prefix then ':*' else '' end
$$;

-- The word and its one-letter deletions (for words of 3+ letters; shorter words → just the word).
create or replace function private.term_deletions(word text) returns text[]
language sql immutable parallel safe strict set search_path = ''
as $$
  select case when length(word) < 3 then array[word]
    else array(select word union select left(word, i - 1) || substr(word, i + 1) from generate_series(1, length(word)) i) end
$$;

-- A Latin word's consonant skeleton, for transliteration variants of Arabic names: repeated letters
-- collapsed, a final h after a vowel dropped, a leading vowel → 'a', later vowels removed.
-- olaya, ulayya, ulayyah → 'aly'; mohammed, muhammad → 'mhmd'. NULL for non-Latin or short words.
create or replace function private.latin_skeleton(word text) returns text
language sql immutable parallel safe strict set search_path = ''
as $$
  select case when word ~ '^[a-z]{4,}$' then (
    select case when s ~ '^[aeiou]' then 'a' else left(s, 1) end || regexp_replace(substr(s, 2), '[aeiou]', '', 'g')
    from (select regexp_replace(regexp_replace(word, '(.)\1+', '\1', 'g'), '([aeiouy])h$', '\1') as s) x
  ) end
$$;

-- True when a and b differ by at most one edit: a wrong, missing or extra letter, or two adjacent
-- letters swapped (optimal string alignment distance ≤ 1).
create or replace function private.within_one_edit(a text, b text) returns boolean
language plpgsql immutable parallel safe strict set search_path = ''
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

-- The words plus derived forms that let common spelling variants meet:
--   Arabic: الرياض → also رياض; ومعالم → also معالم; والفنون → also الفنون, فنون; صيدليات → also صيدليه; عبدالعزيز → also عبد, العزيز, عزيز;
--   Latin: pharmacies → pharmacy; cafes → cafe; alfaisaliah → faisaliah;
--   pairs after al/el/abu/abd/bin/ibn/عبد/ابو/بن/ابن are also joined (al faisaliah → alfaisaliah).
create or replace function private.search_word_forms(words text[]) returns text[]
language plpgsql immutable parallel safe set search_path = ''
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

-- A weighted tsvector part: every form at position `pos` with weight `w` (one position per weight
-- keeps vectors small; search ranks by weight, never by position).
create or replace function private.search_vector_part(forms text[], w "char", pos integer) returns tsvector
language sql immutable parallel safe set search_path = ''
as $$
  select coalesce(
    string_agg(format('''%s'':%s%s', replace(replace(f, '\', '\\'), '''', ''''''), pos, w), ' ')::tsvector,
    ''::tsvector)
  from (select distinct f from unnest(forms) f where f <> '') t
$$;

-- The search vector of a named thing: A = its names, B = context (category, zone, building),
-- C = address texts and phone numbers.
create or replace function private.search_document(names text, context text, address text, phone text) returns tsvector
language sql immutable parallel safe set search_path = ''
as $$
  select private.search_vector_part(private.search_word_forms(private.search_words(names)), 'A', 1)
      || private.search_vector_part(private.search_word_forms(private.search_words(context)), 'B', 2)
      || private.search_vector_part(private.search_word_forms(private.search_words(address)) || private.phone_forms(phone), 'C', 3)
$$;

-- A phone number as the digit strings people type: international (966…), national (0…) and
-- without the trunk 0. '+966 11 123 4567' → {966111234567, 0111234567, 111234567}.
create or replace function private.phone_forms(phone text) returns text[]
language sql immutable parallel safe set search_path = ''
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
revoke all on function private.phone_forms(text) from public, anon, authenticated, service_role;
grant execute on function private.phone_forms(text) to public, anon, authenticated, service_role;

-- The Arabic sort key: the Arabic name, else the English one.
create or replace function public.place_name_ar_order(name text, name_ar text) returns text
language sql immutable parallel safe set search_path = ''
as $$ select coalesce(nullif(btrim(name_ar), ''), name) $$;
revoke all on function public.place_name_ar_order(text,text) from public, anon, authenticated, service_role;
grant execute on function public.place_name_ar_order(text,text) to public, anon, authenticated, service_role;
comment on function public.place_name_ar_order(text,text) is 'Sort key of a place on Arabic pages: its Arabic name, else its English name (order with collate public.name_ar)';

-- Words of the other script that read like `word` (a normalised word): same base key, compatible
-- vowels, closest in length first, at most `max_terms`. Empty when the word has no key.
create or replace function private.cross_script_terms(word text, max_terms integer) returns text[]
language plpgsql stable parallel safe set search_path = '' set plan_cache_mode = force_generic_plan
as $$
declare
  k text := private.cross_script_key(word);
  latin boolean := word ~ '^[a-z]+$';
begin
  if k is null then
    return '{}';
  end if;
  return coalesce((
    select array_agg(t.term) from (
      select s.term
      from private.search_terms s
      where s.phonetic_base = private.cross_script_base(k)
        and (s.term ~ '^[a-z]+$') <> latin
        and case when latin then private.cross_script_compatible(s.phonetic, k) else private.cross_script_compatible(k, s.phonetic) end
      order by abs(length(s.term) - length(word)), s.term collate "C"
      limit max_terms
    ) t), '{}');
end;
$$;

-- A word's typo alternatives in the vocabulary (decision 005): the words one edit away and, for Latin
-- words, those with the same consonant skeleton; at most `max_terms` of each. Empty for words under 4
-- letters and numbers. Index probes: search_terms_deletions_idx, search_terms_skeleton_idx.
create or replace function private.typo_terms(word text, max_terms integer) returns text[]
language sql stable parallel safe strict set search_path = ''
as $$
  select case when length(word) < 4 or word ~ '^[0-9]+$' then '{}'::text[] else coalesce((
    select array_agg(t.term) from (
      (select s.term from private.search_terms s
        where private.term_deletions(s.term) && private.term_deletions(word)
          and s.term <> word and private.within_one_edit(s.term, word)
        limit max_terms)
      union
      (select s.term from private.search_terms s
        where s.skeleton = private.latin_skeleton(word) and s.term <> word
        limit max_terms)
    ) t), '{}') end
$$;
revoke all on function private.typo_terms(text, integer) from public, anon, authenticated, service_role;
grant execute on function private.typo_terms(text, integer) to public, anon, authenticated, service_role;

-- Turns what a user typed into the queries search runs (NULL parts when nothing is searchable):
--   key:    the words joined by spaces, compared with places.name_key/name_ar_key (exact, prefix);
--   typed:  every required word, as typed or a derived form, as a whole word or (3+ letters) a
--           word prefix; AND across words;
--   fuzzy:  typed, plus per word (4+ letters) the vocabulary words one edit away and, for Latin
--           words, those with the same consonant skeleton (private.typo_terms); and per word (3+
--           letters) the words of the other script that read the same (private.cross_script_terms, of
--           the word, its derived forms and the word joined to an al/abu/bin before it; when those
--           cross nothing, of its typo alternatives: ستربكس, Sarbucks). A word that crosses stands
--           for its spellings in the other script as if they had been typed: they match as prefixes
--           and bring their own typo alternatives and those of the word's derived forms, so a brand
--           typed in either script finds the same places (decision 043, amended: Panda ~ بنده ~ بندر).
-- Words of 1–2 letters match whole words only and are optional when longer words are present.
-- A text of digits, spaces and + ( ) - with 5+ digits is a phone number: its national and
-- international digit strings, as prefixes. At most 8 words and 200 characters are considered.
-- (As in 20260101008400, plus the symmetric crossing of 20260101009600.)
create or replace function public.search_query(q text, out key text, out typed tsquery, out fuzzy tsquery)
language plpgsql stable parallel safe set search_path = '' set plan_cache_mode = force_generic_plan
as $$
declare
  words text[];
  required text[];
  w text;
  part text;
  forms text[];
  typed_parts text[] := '{}';
  fuzzy_parts text[] := '{}';
  alternatives text[];
  crossing text[];
  joined text[];
  spellings text[];
  i integer;
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
    i := array_position(words, w);
    forms := array(select distinct f from unnest(private.search_word_forms(array[w])) f);
    select string_agg(private.ts_lexeme(f, length(f) >= 3), ' | ') into part from unnest(forms) f;
    typed_parts := typed_parts || ('(' || part || ')');
    alternatives := private.typo_terms(w, 20);
    -- the other script: words that read like the word, its derived forms or the word joined to the one
    -- before it (al baik → albaik), else like its typo alternatives (ستربكس, Sarbucks)
    joined := case when i > 1 then array(select f from unnest(private.search_word_forms(words[i - 1:i])) f
                                         except select f from unnest(private.search_word_forms(words[i - 1:i - 1])) f) end;
    select coalesce(array_agg(distinct c), '{}') into crossing
    from unnest(forms || coalesce(joined, '{}')) f, unnest(private.cross_script_terms(f, 10)) c;
    spellings := crossing;
    if cardinality(crossing) = 0 and cardinality(alternatives) > 0 then
      select coalesce(array_agg(distinct c), '{}') into crossing
      from (select a from unnest(alternatives) a limit 10) a, unnest(private.cross_script_terms(a.a, 5)) c;
    elsif cardinality(crossing) > 0 then
      -- the word stands for its spellings in the other script with the tolerance it has in its own: their
      -- typo alternatives too, and those of its derived forms (Panda → بنده → بندر as بنده → بندر)
      select crossing || coalesce(array_agg(distinct t), '{}') into crossing
      from (select x from unnest(array(select f from unnest(forms) f where f <> w) || crossing) x limit 8) x,
           unnest(private.typo_terms(x.x, 10)) t;
    end if;
    alternatives := array(select distinct x from unnest(alternatives || crossing) x where x <> all (forms));
    if cardinality(alternatives) > 0 then
      -- the spellings in the other script are searched as the word is (a prefix, the word may be unfinished)
      select part || ' | ' || string_agg(private.ts_lexeme(a, a = any (spellings)), ' | ') into part from unnest(alternatives) a;
    end if;
    fuzzy_parts := fuzzy_parts || ('(' || part || ')');
  end loop;
  typed := array_to_string(typed_parts, ' & ')::tsquery;
  fuzzy := array_to_string(fuzzy_parts, ' & ')::tsquery;
end;
$$;
revoke all on function public.search_query(text) from public, anon, authenticated, service_role;
grant execute on function public.search_query(text) to public, anon, authenticated, service_role;

-- Adds the words of new or changed vectors to the vocabulary (as in 20260101002000), now skipping
-- the words it has before inserting: the keys above are computed once per new word, not for every
-- word of every written row.
create or replace function private.collect_search_terms_trigger() returns trigger
language plpgsql security definer set search_path = '' set plan_cache_mode = force_generic_plan
as $$
begin
  insert into private.search_terms (term)
  select t.term
  from (select distinct t as term from new_rows, unnest(tsvector_to_array(new_rows.search_vector)) t) t
  where not exists (select 1 from private.search_terms s where s.term = t.term collate "C")
  on conflict do nothing;
  return null;
end;
$$;

-- After a category, zone or building is renamed: refresh the vectors of its places.
create or replace function private.refresh_place_vectors_trigger() returns trigger
language plpgsql security definer set search_path = ''
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

-- Before insert/update of a place: recompute its vector. Named to fire after
-- places_set_updated_at: a refresh cascaded from a renamed category/zone/building (trigger depth
-- > 1) keeps the place's updated_at, as the place itself did not change.
create or replace function private.places_search_vector_trigger() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.search_vector := private.place_search_vector(new);
  if tg_op = 'UPDATE' and pg_trigger_depth() > 1 then
    new.updated_at := old.updated_at;
  end if;
  return new;
end;
$$;

-- Adds signed deltas (category_id, zone_id or 0, n) to the counters and their roll-ups.
create or replace function private.add_place_counts(deltas jsonb) returns void
language sql security definer set search_path = ''
as $$
  insert into private.place_counts as c (category_id, zone_id, n)
  select coalesce(d.category_id, -1), coalesce(d.zone_id, -1), sum(d.n)
  from jsonb_to_recordset(deltas) as d(category_id bigint, zone_id bigint, n bigint)
  group by grouping sets ((d.category_id, d.zone_id), (d.category_id), (d.zone_id), ())
  having sum(d.n) <> 0
  order by 1, 2
  on conflict (category_id, zone_id) do update set n = c.n + excluded.n
$$;
revoke all on function private.add_place_counts(jsonb) from public, anon, authenticated, service_role;

-- Keep private.place_counts (places per category and zone) in step with inserts, deletes, truncates and
-- updates of public.places.
create or replace function private.place_counts_trigger() returns trigger
language plpgsql security definer set search_path = ''
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

create or replace function private.place_counts_update_trigger() returns trigger
language plpgsql security definer set search_path = ''
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

-- ───────────────────────────── Search across scripts (decision 043) ─────────────────────────────

-- The cross-script phonetic key of one normalised word (public.search_normalize, private.search_words):
-- Latin [a-z]+ or Arabic letters, 3+ letters; NULL otherwise (digits, mixed scripts, short words) and
-- when fewer than two consonants are left (Olaya, Ikea: too little to tell words apart). See above.
create or replace function private.cross_script_key(word text) returns text
language plpgsql immutable parallel safe strict set search_path = ''
as $$
declare
  w text := word;
  latin boolean := word ~ '^[a-z]+$';
  k text := '';
  ch text;
  c text;
  mask integer := 0;
  ayn boolean := false;
  last text := '';
  n integer;
begin
  if length(w) < 3 then
    return null;
  end if;
  if latin then
    -- digraphs before single letters
    w := replace(replace(replace(replace(replace(replace(w, 'sh', 'C'), 'ch', 'C'), 'kh', 'X'), 'gh', 'G'), 'ph', 'f'), 'ck', 'k');
    w := replace(replace(w, 'th', 's'), 'dh', 'd');
    w := regexp_replace(w, 'c([eiy])', 's\1', 'g');
    w := replace(w, 'x', 'ks');
    w := translate(w, 'cqvpzg', 'kkfbsj');
  elsif w ~ '^[\u0620-\u064A\u06A9\u06AF\u06CC\u067E\u0686\u0698\u06A4]+$' then
    -- Persian letters as their Arabic readings; hamza on its own is not written in Latin
    w := replace(translate(w, 'کیگپچژڤى', 'كيكبشزفي'), 'ء', '');
  else
    return null;
  end if;
  n := length(w);
  for i in 1 .. n + 1 loop
    ch := substr(w, i, 1);
    if i <= n then
      if latin then
        -- vowels (y and w only after the first letter): a 1, e 3, i y 2, o w 4, u 4 (5 before two consonants,
        -- as English reads Dunkin, Donuts)
        if ch in ('a', 'e', 'i', 'o', 'u') or i > 1 and ch in ('y', 'w') then
          mask := mask | case ch when 'a' then 1 when 'e' then 3 when 'i' then 2 when 'y' then 2
            when 'u' then case when substr(w, i + 1, 2) ~ '^[^aeiouyw]{2}$' then 5 else 4 end else 4 end;
          continue;
        end if;
        c := ch;
      else
        -- long vowels (و and ي only after the first letter): ا 1, ي 2 (any vowel at the end: Herfy,
        -- Mustafa), و 4, a final ه/ة 3 (Panda, Cafe); ع on its own any vowel
        if ch in ('ا', 'ع') or i > 1 and ch in ('و', 'ي') or (i = n and i > 1 and ch = 'ه') then
          if ch = 'ع' then
            ayn := true;
          else
            mask := mask | case when ch = 'ا' then 1 when ch = 'و' then 4 when ch = 'ي' and i = n then 7 when ch = 'ي' then 2 else 3 end;
          end if;
          continue;
        end if;
        c := translate(ch, 'بتطثسصزذظجحهخدضرشغفقكلمنوي', 'bttssssssjhhXddrCGfkklmnwy');
      end if;
    end if;
    -- end of a run of vowels: its digit (before the first consonant: the mark 'a' and its digit)
    if mask > 0 or ayn then
      k := case when k = '' then 'a' else k end || (case when mask = 0 then 7 else mask end)::text;
      mask := 0;
      ayn := false;
      last := '';
    end if;
    exit when i > n;
    -- a doubled Latin consonant once (Kuddu ~ Kudu, Makkah ~ مكه); Arabic writes a doubled sound once
    -- (shadda), so two equal Arabic letters have a vowel between them (ممدوح ~ Mamdouh)
    if c <> last or not latin then
      k := k || c;
    end if;
    last := c;
  end loop;
  -- one consonant is too little to tell words apart across scripts (Olaya would meet أولية, primary)
  return case when length(regexp_replace(substr(k, case when k ~ '^a[0-9]' then 3 else 1 end), '[0-9]', '', 'g')) >= 2 then k end;
end;
$$;

-- True when an Arabic word with key `arabic` can be read as a Latin word with key `latin`: the same
-- consonants in order; where the Arabic word writes a vowel, the Latin one has a vowel sharing a sound
-- with it (masks intersect); elsewhere the Latin one may have a vowel the Arabic leaves unwritten.
create or replace function private.cross_script_compatible(arabic text, latin text) returns boolean
language sql immutable parallel safe strict set search_path = ''
as $$
  -- the Arabic key as a pattern: each vowel digit d → the digits sharing a sound with it, an optional
  -- Latin vowel after each consonant the Arabic writes none after, an optional final h
  select latin ~ ('^' || replace(replace(replace(replace(replace(replace(replace(
      regexp_replace(translate(arabic, '1234567', '①②③④⑤⑥⑦'), '([^①-⑦])(?=[^①-⑦]|$)', '\1[1-7]?', 'g'),
      '①', '[1357]'), '②', '[2367]'), '③', '[123567]'), '④', '[4567]'), '⑤', '[134567]'), '⑥', '[234567]'), '⑦', '[1-7]')
    -- a Latin h after the last vowel may stand for a final ه/ة (Makkah ~ مكه)
    || case when arabic ~ '[0-9]$' then 'h?' else '' end || '$')
$$;

-- The consonants of a key (what both scripts write), the part the vocabulary indexes: vowel digits
-- and a final h removed (Makkah m1k1h and مكه mk3 → mk; Saleh s1l3h and صالح s1lh → sl).
create or replace function private.cross_script_base(key text) returns text
language sql immutable parallel safe strict set search_path = ''
as $$
  select regexp_replace(regexp_replace(key, '[0-9]', '', 'g'), '(.)h$', '\1')
$$;

-- The word pairs (latin, arabic) of one place's names that read alike (see private.name_readings).
create or replace function private.name_reading_pairs(name text, name_ar text) returns table (latin text, arabic text)
language sql immutable parallel safe set search_path = '' set plan_cache_mode = force_generic_plan
as $$
  with l as (
    select distinct w, private.cross_script_key(w) as k
    from unnest(private.search_word_forms(private.search_words(name))) w where w ~ '^[a-z]{3,}$'
  ), a as (
    select distinct w, private.cross_script_key(w) as k
    from unnest(private.search_word_forms(private.search_words(name_ar))) w where w !~ '^[a-z0-9]+$'
  )
  select l.w, a.w
  from l join a on private.cross_script_base(l.k) = private.cross_script_base(a.k)
  where private.cross_script_compatible(a.k, l.k)
$$;

create or replace function private.collect_name_readings_trigger() returns trigger
language plpgsql security definer set search_path = '' set plan_cache_mode = force_generic_plan
as $$
begin
  -- inserted rows, and updated rows whose names changed (a vector refresh or an address edit adds nothing)
  if tg_op = 'INSERT' then
    insert into private.name_readings as r (latin, arabic, n)
    select p.latin, p.arabic, count(*)
    from new_rows, private.name_reading_pairs(new_rows.name, new_rows.name_ar) p
    where new_rows.name_ar is not null
    group by 1, 2
    order by 1, 2
    on conflict (latin, arabic) do update set n = r.n + excluded.n;
  else
    insert into private.name_readings as r (latin, arabic, n)
    select p.latin, p.arabic, count(*)
    from new_rows join old_rows o on o.id = new_rows.id, private.name_reading_pairs(new_rows.name, new_rows.name_ar) p
    where new_rows.name_ar is not null and (o.name, o.name_ar) is distinct from (new_rows.name, new_rows.name_ar)
    group by 1, 2
    order by 1, 2
    on conflict (latin, arabic) do update set n = r.n + excluded.n;
  end if;
  return null;
end;
$$;

-- The Arabic reading of a Latin name from private.name_readings, word by word (the most frequent
-- Arabic spelling of each; 'al X' read as the joined word first, else ال + X; numbers as they are);
-- NULL when the name has a word without a known reading or is not Latin. 'Kudu' → 'كودو',
-- 'Al Baik' → 'البيك', "Dunkin' Donuts" → 'دانكن دوناتس'.
create or replace function private.arabic_reading(name text) returns text
language plpgsql stable parallel safe set search_path = '' set plan_cache_mode = force_generic_plan
as $$
declare
  words text[] := private.search_words(name);
  out text[] := '{}';
  w text;
  prev text := null;
  r text;
begin
  if cardinality(words) = 0 or cardinality(words) > 8 or name ~ '[\u0600-\u06FF]' then
    return null;
  end if;
  foreach w in array words loop
    if w ~ '^[0-9]+$' then
      out := out || w;
    elsif w in ('al', 'el') then
      prev := w;
      continue;
    elsif w !~ '^[a-z]{3,}$' then
      return null;
    else
      r := null;
      if prev is not null then
        select n.arabic into r from private.name_readings n where n.latin = prev || w order by n.n desc, n.arabic limit 1;
      end if;
      if r is null then
        select n.arabic into r from private.name_readings n where n.latin = w order by n.n desc, n.arabic limit 1;
        if r is not null and prev is not null and r !~ '^ال' then
          r := 'ال' || r;
        end if;
      end if;
      if r is null then
        return null;
      end if;
      out := out || r;
    end if;
    prev := null;
  end loop;
  if prev is not null or cardinality(out) = 0 then
    return null;
  end if;
  return array_to_string(out, ' ');
end;
$$;
grant execute on function private.arabic_reading(text) to anon, authenticated, service_role;
