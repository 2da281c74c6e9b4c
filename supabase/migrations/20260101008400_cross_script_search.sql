-- Search across scripts (issue 30, docs/decisions/043-cross-script-search.md).
--
-- 37 % of places have only a Latin name and many only an Arabic one; an Arabic query (كودو) must
-- reach "Kudu" and a Latin query (Panda) must reach "بنده". Both sides of a pair are reduced to one
-- cross-script phonetic key, computed when a word enters the vocabulary (private.search_terms, filled
-- by triggers on every write path: API, Studio/psql, seed, import), indexed, and looked up by
-- public.search_query() for each query word: the words of the other script with the same key become
-- alternatives of the query word, like its typo alternatives. Search stays index-served.
--
-- The key follows how Riyadh spells brands, not a scholarly romanisation (Buckwalter-style tables
-- give كودو → kwdw): consonants by sound class (ك ق k c q → k; س ص ث ز ذ ظ s z th → s; د ض d dh → d;
-- ت ط t → t; ح ه h → h; ب b p → b; ف f v ph → f; ج j g → j; ش sh ch → C; خ kh → X; غ gh → G;
-- ل م ن ر و ي l m n r w y), doubled Latin consonants once, a leading vowel (Latin vowel, Arabic ا ع) as
-- the mark 'a', and each run of vowels as a digit 1–7, the set of vowel sounds it may stand for
-- (1 a, 2 i/e, 4 u/o): Latin a 1, e 3, i y 2, o w 4, u 4 (5 before two consonants: Dunkin,
-- Donuts); Arabic ا 1, ي 2, و 4, ع 7, final ه/ة 3, final ي 7. Arabic writes long vowels only,
-- Latin every vowel: an Arabic and a Latin word match when their consonants agree (the indexed base
-- key, digits removed) and every vowel the Arabic word writes meets a Latin vowel of a shared sound
-- at that place (private.cross_script_compatible): كودو k4d4 ~ Kudu k4d4, ستاربكس st1rbks ~
-- Starbucks st1rb5ks, بنده bnd3 ~ Panda b1nd1, دانكن d1nkn ~ Dunkin d5nk2n; but قاضي k1d7 ≁ Kudu.

-- The cross-script phonetic key of one normalised word (public.search_normalize, private.search_words):
-- Latin [a-z]+ or Arabic letters, 3+ letters; NULL otherwise (digits, mixed scripts, short words) and
-- when fewer than two consonants are left (Olaya, Ikea: too little to tell words apart). See above.
create or replace function private.cross_script_key(word text)
returns text
language plpgsql
immutable
parallel safe
strict
set search_path = ''
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
create or replace function private.cross_script_compatible(arabic text, latin text)
returns boolean
language sql
immutable
parallel safe
strict
set search_path = ''
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
create or replace function private.cross_script_base(key text)
returns text
language sql
immutable
parallel safe
strict
set search_path = ''
as $$
  select regexp_replace(regexp_replace(key, '[0-9]', '', 'g'), '(.)h$', '\1')
$$;

-- The vocabulary's keys: `phonetic` (with vowels) and `phonetic_base` (consonants only, indexed).
alter table private.search_terms
  add column phonetic text generated always as (private.cross_script_key(term)) stored,
  add column phonetic_base text generated always as (private.cross_script_base(private.cross_script_key(term))) stored;
create index search_terms_phonetic_idx on private.search_terms (phonetic_base) where phonetic_base is not null;

-- Words of the other script that read like `word` (a normalised word): same base key, compatible
-- vowels, closest in length first, at most `max_terms`. Empty when the word has no key.
create or replace function private.cross_script_terms(word text, max_terms integer)
returns text[]
language plpgsql
stable
parallel safe
set search_path = ''
set plan_cache_mode = force_generic_plan
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

-- Turns what a user typed into the queries search runs (NULL parts when nothing is searchable):
--   key:    the words joined by spaces, compared with places.name_key/name_ar_key (exact, prefix);
--   typed:  every required word, as typed or a derived form, as a whole word or (3+ letters) a
--           word prefix; AND across words;
--   fuzzy:  typed, plus per word (4+ letters) the vocabulary words one edit away and, for Latin
--           words, those with the same consonant skeleton; and per word (3+ letters) the words of
--           the other script that read the same (private.cross_script_terms, of the word and its
--           derived forms; when those cross nothing, of its typo alternatives: ستربكس, Sarbucks).
-- Words of 1–2 letters match whole words only and are optional when longer words are present.
-- A text of digits, spaces and + ( ) - with 5+ digits is a phone number: its national and
-- international digit strings, as prefixes. At most 8 words and 200 characters are considered.
-- (As in 20260101002001, plus the cross-script alternatives.)
create or replace function public.search_query(q text, out key text, out typed tsquery, out fuzzy tsquery)
language plpgsql
stable
parallel safe
set search_path = ''
set plan_cache_mode = force_generic_plan
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
    forms := array(select distinct f from unnest(private.search_word_forms(array[w])) f);
    select string_agg(private.ts_lexeme(f, length(f) >= 3), ' | ') into part from unnest(forms) f;
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
    -- the other script: words that read like the word or its derived forms, else like its typo alternatives
    select coalesce(array_agg(distinct c), '{}') into crossing from unnest(forms) f, unnest(private.cross_script_terms(f, 10)) c;
    if cardinality(crossing) = 0 and cardinality(alternatives) > 0 then
      select coalesce(array_agg(distinct c), '{}') into crossing
      from (select a from unnest(alternatives) a limit 10) a, unnest(private.cross_script_terms(a.a, 5)) c;
    end if;
    alternatives := array(select distinct x from unnest(alternatives || crossing) x where x <> all (forms));
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

-- Adds the words of new or changed vectors to the vocabulary (as in 20260101002000), now skipping
-- the words it has before inserting: the keys above are computed once per new word, not for every
-- word of every written row.
create or replace function private.collect_search_terms_trigger()
returns trigger
language plpgsql
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
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

-- ───────────────────────────── Arabic readings of Latin names ─────────────────────────────

-- How the directory's own bilingual names write Latin words in Arabic: for every place with a Latin
-- name and an Arabic one, each pair of a Latin and an Arabic word of those names that read alike
-- (same base key, compatible vowels), counted. Kept by the statement trigger below on every write
-- path (like the vocabulary, counts only grow). Gives a Latin-only place its Arabic reading in
-- search results: Kudu → كودو, Starbucks → ستاربكس (private.arabic_reading).
create table private.name_readings (
  latin text not null collate "C",
  arabic text not null collate "C",
  n bigint not null default 0,
  primary key (latin, arabic)
);
alter table private.name_readings enable row level security;
grant select on private.name_readings to anon, authenticated, service_role;
create policy "Anyone can read name readings" on private.name_readings for select to anon, authenticated, service_role using (true);

-- The word pairs (latin, arabic) of one place's names that read alike (see private.name_readings).
create or replace function private.name_reading_pairs(name text, name_ar text)
returns table (latin text, arabic text)
language sql
immutable
parallel safe
set search_path = ''
set plan_cache_mode = force_generic_plan
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

create or replace function private.collect_name_readings_trigger()
returns trigger
language plpgsql
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
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
create trigger places_collect_name_readings_ins after insert on public.places
  referencing new table as new_rows for each statement execute function private.collect_name_readings_trigger();
create trigger places_collect_name_readings_upd after update on public.places
  referencing old table as old_rows new table as new_rows for each statement execute function private.collect_name_readings_trigger();

-- The Arabic reading of a Latin name from private.name_readings, word by word (the most frequent
-- Arabic spelling of each; 'al X' read as the joined word first, else ال + X; numbers as they are);
-- NULL when the name has a word without a known reading or is not Latin. 'Kudu' → 'كودو',
-- 'Al Baik' → 'البيك', "Dunkin' Donuts" → 'دانكن دوناتس'.
create or replace function private.arabic_reading(name text)
returns text
language plpgsql
stable
parallel safe
set search_path = ''
set plan_cache_mode = force_generic_plan
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

-- Existing names: their readings.
insert into private.name_readings (latin, arabic, n)
select r.latin, r.arabic, count(*)
from public.places p, private.name_reading_pairs(p.name, p.name_ar) r
where p.name_ar is not null
group by 1, 2;
