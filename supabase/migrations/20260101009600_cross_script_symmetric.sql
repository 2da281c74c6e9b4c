-- Cross-script search, both directions alike (issue 30, docs/decisions/043-cross-script-search.md, amended):
-- a brand typed in Arabic and the same brand typed in Latin letters find the same places. Before, each
-- query kept the typo alternatives of its own script only (بنده also found بندر, Panda did not; النهدي
-- found النادي, Nahdi did not), and 'al baik' did not cross as one word, so the two result sets differed
-- by up to half. Now a word that crosses stands for its spellings in the other script as if they had
-- been typed (prefixes, with their typo alternatives), and its derived forms bring theirs.
--
-- Creates private.typo_terms(text, integer) (a word's typo alternatives, factored out of search_query);
-- replaces public.search_query(text). No table, index or stored key changes: the vocabulary keys of
-- 20260101008400 are used as they are.

-- A word's typo alternatives in the vocabulary (decision 005): the words one edit away and, for Latin
-- words, those with the same consonant skeleton; at most `max_terms` of each. Empty for words under 4
-- letters and numbers. Index probes: search_terms_deletions_idx, search_terms_skeleton_idx.
create or replace function private.typo_terms(word text, max_terms integer)
returns text[]
language sql
stable
parallel safe
strict
set search_path = ''
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
