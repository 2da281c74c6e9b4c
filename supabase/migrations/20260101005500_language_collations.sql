-- Name order that fits the language (docs/decisions/018-language-conventions.md).
--
-- Place lists sorted by name follow the page's language, compared as people read it, the same way
-- the browser's Intl.Collator(<lang>, { sensitivity: 'base' }) compares:
--   English pages: the English name, case- and accent-insensitive ("apple" < "Émile" < "zebra");
--   Arabic pages:  the Arabic name (the English one when there is none), Arabic collation.
-- Both are ICU collations at primary strength (ks-level1): letters compare by base letter only, so
-- case, accents and Arabic diacritics (harakat) do not change the order. They are
-- non-deterministic (names equal at that strength compare equal), which btree indexes support;
-- `id` breaks ties, so the keyset (name, id) stays a total order.
--
-- Indexes serve every ordered list and its keyset cursor: all places, a category's, a zone's. The
-- order expressions in src/server/queries/places.ts (SORTS) must stay identical to these.

create collation if not exists public.name_en (provider = icu, locale = 'en-u-ks-level1', deterministic = false);
create collation if not exists public.name_ar (provider = icu, locale = 'ar-u-ks-level1', deterministic = false);

comment on collation public.name_en is 'English names for people: case- and accent-insensitive (Intl.Collator en, sensitivity base)';
comment on collation public.name_ar is 'Arabic names for people: Arabic order, diacritics ignored (Intl.Collator ar, sensitivity base)';

-- The Arabic sort key: the Arabic name, else the English one.
create or replace function public.place_name_ar_order(name text, name_ar text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$ select coalesce(nullif(btrim(name_ar), ''), name) $$;

comment on function public.place_name_ar_order(text, text) is
  'Sort key of a place on Arabic pages: its Arabic name, else its English name (order with collate public.name_ar)';

create index places_name_en_idx on public.places ((name collate public.name_en), id);
create index places_category_name_en_idx on public.places (category_id, (name collate public.name_en), id);
create index places_zone_name_en_idx on public.places (zone_id, (name collate public.name_en), id);
create index places_name_ar_order_idx on public.places ((public.place_name_ar_order(name, name_ar) collate public.name_ar), id);
create index places_category_name_ar_order_idx on public.places (category_id, (public.place_name_ar_order(name, name_ar) collate public.name_ar), id);
create index places_zone_name_ar_order_idx on public.places (zone_id, (public.place_name_ar_order(name, name_ar) collate public.name_ar), id);

-- The byte-order name indexes served only the old name sort; related places keep
-- places_category_zone_name_idx and places_category_name_idx.
drop index if exists public.places_name_idx;
drop index if exists public.places_zone_name_idx;
