-- Place requests (new places and edits submitted by users) and their review: payload checks, the
-- helpers the policies of place_requests call, slugs. The RPCs admins call are in rpc_admin.sql.
-- Bodies are checked when a function runs, not here (as pg_dump does): a function may name a table
-- declared in a later file of config.toml's schema_paths.
set check_function_bodies = off;

-- Text of an optional field: trimmed, '' → null.
create or replace function private.payload_text(payload jsonb, key text) returns text
language sql immutable set search_path = ''
as $$
  select nullif(btrim(payload ->> key), '')
$$;
revoke all on function private.payload_text(jsonb,text) from public, anon, authenticated, service_role;
grant execute on function private.payload_text(jsonb,text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Slugs: the rule of src/server/queries/slugs.ts (`uniqueSlug`), in SQL.
-- private.slugify(text) = slugify(text, { lower: true, strict: true, trim: true }) of the
-- `slugify` package (1.6.x), then runs of '-' collapsed, '-' trimmed, cut to 100 characters:
-- NFC; each character through slugify's charMap (below: its entries reduced to what strict mode
-- keeps; e.g. Arabic letters transliterated, '&' → 'and', Arabic-Indic digits → 0-9); '-' counts
-- as a space; everything but [A-Za-z0-9] and whitespace removed; whitespace runs → '-'; lower case.
-- tests/api/moderation.test.ts checks it against the JavaScript rule on the seeded names.
create or replace function private.slugify(input text) returns text
language sql immutable parallel safe set search_path = ''
as $$
  with mapped as (
    select coalesce(string_agg(
             case when coalesce(m.ascii, c.ch) = '-' then ' ' else coalesce(m.ascii, c.ch) end,
             '' order by c.n), '') as s
    from regexp_split_to_table(normalize(coalesce(input, ''), nfc), '') with ordinality as c(ch, n)
    left join lateral (select ('{
    "$":"dollar", "%":"percent", "&":"and", "<":"less", ">":"greater", "|":"or", "¢":"cent", "£":"pound", "¤":"currency", "¥":"yen", "©":"c", "ª":"a",
    "®":"r", "º":"o", "À":"A", "Á":"A", "Â":"A", "Ã":"A", "Ä":"A", "Å":"A", "Æ":"AE", "Ç":"C", "È":"E", "É":"E",
    "Ê":"E", "Ë":"E", "Ì":"I", "Í":"I", "Î":"I", "Ï":"I", "Ð":"D", "Ñ":"N", "Ò":"O", "Ó":"O", "Ô":"O", "Õ":"O",
    "Ö":"O", "Ø":"O", "Ù":"U", "Ú":"U", "Û":"U", "Ü":"U", "Ý":"Y", "Þ":"TH", "ß":"ss", "à":"a", "á":"a", "â":"a",
    "ã":"a", "ä":"a", "å":"a", "æ":"ae", "ç":"c", "è":"e", "é":"e", "ê":"e", "ë":"e", "ì":"i", "í":"i", "î":"i",
    "ï":"i", "ð":"d", "ñ":"n", "ò":"o", "ó":"o", "ô":"o", "õ":"o", "ö":"o", "ø":"o", "ù":"u", "ú":"u", "û":"u",
    "ü":"u", "ý":"y", "þ":"th", "ÿ":"y", "Ā":"A", "ā":"a", "Ă":"A", "ă":"a", "Ą":"A", "ą":"a", "Ć":"C", "ć":"c",
    "Č":"C", "č":"c", "Ď":"D", "ď":"d", "Đ":"DJ", "đ":"dj", "Ē":"E", "ē":"e", "Ė":"E", "ė":"e", "Ę":"e", "ę":"e",
    "Ě":"E", "ě":"e", "Ğ":"G", "ğ":"g", "Ģ":"G", "ģ":"g", "Ĩ":"I", "ĩ":"i", "Ī":"i", "ī":"i", "Į":"I", "į":"i",
    "İ":"I", "ı":"i", "Ķ":"k", "ķ":"k", "Ļ":"L", "ļ":"l", "Ľ":"L", "ľ":"l", "Ł":"L", "ł":"l", "Ń":"N", "ń":"n",
    "Ņ":"N", "ņ":"n", "Ň":"N", "ň":"n", "Ō":"O", "ō":"o", "Ő":"O", "ő":"o", "Œ":"OE", "œ":"oe", "Ŕ":"R", "ŕ":"r",
    "Ř":"R", "ř":"r", "Ś":"S", "ś":"s", "Ş":"S", "ş":"s", "Š":"S", "š":"s", "Ţ":"T", "ţ":"t", "Ť":"T", "ť":"t",
    "Ũ":"U", "ũ":"u", "Ū":"u", "ū":"u", "Ů":"U", "ů":"u", "Ű":"U", "ű":"u", "Ų":"U", "ų":"u", "Ŵ":"W", "ŵ":"w",
    "Ŷ":"Y", "ŷ":"y", "Ÿ":"Y", "Ź":"Z", "ź":"z", "Ż":"Z", "ż":"z", "Ž":"Z", "ž":"z", "Ə":"E", "ƒ":"f", "Ơ":"O",
    "ơ":"o", "Ư":"U", "ư":"u", "ǈ":"LJ", "ǉ":"lj", "ǋ":"NJ", "ǌ":"nj", "Ș":"S", "ș":"s", "Ț":"T", "ț":"t", "ə":"e",
    "˚":"o", "Ά":"A", "Έ":"E", "Ή":"H", "Ί":"I", "Ό":"O", "Ύ":"Y", "Ώ":"W", "ΐ":"i", "Α":"A", "Β":"B", "Γ":"G",
    "Δ":"D", "Ε":"E", "Ζ":"Z", "Η":"H", "Θ":"8", "Ι":"I", "Κ":"K", "Λ":"L", "Μ":"M", "Ν":"N", "Ξ":"3", "Ο":"O",
    "Π":"P", "Ρ":"R", "Σ":"S", "Τ":"T", "Υ":"Y", "Φ":"F", "Χ":"X", "Ψ":"PS", "Ω":"W", "Ϊ":"I", "Ϋ":"Y", "ά":"a",
    "έ":"e", "ή":"h", "ί":"i", "ΰ":"y", "α":"a", "β":"b", "γ":"g", "δ":"d", "ε":"e", "ζ":"z", "η":"h", "θ":"8",
    "ι":"i", "κ":"k", "λ":"l", "μ":"m", "ν":"n", "ξ":"3", "ο":"o", "π":"p", "ρ":"r", "ς":"s", "σ":"s", "τ":"t",
    "υ":"y", "φ":"f", "χ":"x", "ψ":"ps", "ω":"w", "ϊ":"i", "ϋ":"y", "ό":"o", "ύ":"y", "ώ":"w", "Ё":"Yo", "Ђ":"DJ",
    "Є":"Ye", "І":"I", "Ї":"Yi", "Ј":"J", "Љ":"LJ", "Њ":"NJ", "Ћ":"C", "Џ":"DZ", "А":"A", "Б":"B", "В":"V", "Г":"G",
    "Д":"D", "Е":"E", "Ж":"Zh", "З":"Z", "И":"I", "Й":"J", "К":"K", "Л":"L", "М":"M", "Н":"N", "О":"O", "П":"P",
    "Р":"R", "С":"S", "Т":"T", "У":"U", "Ф":"F", "Х":"H", "Ц":"C", "Ч":"Ch", "Ш":"Sh", "Щ":"Sh", "Ъ":"U", "Ы":"Y",
    "Э":"E", "Ю":"Yu", "Я":"Ya", "а":"a", "б":"b", "в":"v", "г":"g", "д":"d", "е":"e", "ж":"zh", "з":"z", "и":"i",
    "й":"j", "к":"k", "л":"l", "м":"m", "н":"n", "о":"o", "п":"p", "р":"r", "с":"s", "т":"t", "у":"u", "ф":"f",
    "х":"h", "ц":"c", "ч":"ch", "ш":"sh", "щ":"sh", "ъ":"u", "ы":"y", "э":"e", "ю":"yu", "я":"ya", "ё":"yo", "ђ":"dj",
    "є":"ye", "і":"i", "ї":"yi", "ј":"j", "љ":"lj", "њ":"nj", "ћ":"c", "ѝ":"u", "џ":"dz", "Ґ":"G", "ґ":"g", "Ғ":"GH",
    "ғ":"gh", "Қ":"KH", "қ":"kh", "Ң":"NG", "ң":"ng", "Ү":"UE", "ү":"ue", "Ұ":"U", "ұ":"u", "Һ":"H", "һ":"h", "Ә":"AE",
    "ә":"ae", "Ө":"OE", "ө":"oe", "Ա":"A", "Բ":"B", "Գ":"G", "Դ":"D", "Ե":"E", "Զ":"Z", "Է":"E", "Ը":"Y", "Թ":"T",
    "Ժ":"JH", "Ի":"I", "Լ":"L", "Խ":"X", "Ծ":"C", "Կ":"K", "Հ":"H", "Ձ":"D", "Ղ":"GH", "Ճ":"TW", "Մ":"M", "Յ":"Y",
    "Ն":"N", "Շ":"SH", "Չ":"CH", "Պ":"P", "Ջ":"J", "Ռ":"R", "Ս":"S", "Վ":"V", "Տ":"T", "Ր":"R", "Ց":"C", "Փ":"P",
    "Ք":"Q", "Օ":"O", "Ֆ":"F", "և":"EV", "ء":"a", "آ":"aa", "أ":"a", "ؤ":"u", "إ":"i", "ئ":"e", "ا":"a", "ب":"b",
    "ة":"h", "ت":"t", "ث":"th", "ج":"j", "ح":"h", "خ":"kh", "د":"d", "ذ":"th", "ر":"r", "ز":"z", "س":"s", "ش":"sh",
    "ص":"s", "ض":"dh", "ط":"t", "ظ":"z", "ع":"a", "غ":"gh", "ف":"f", "ق":"q", "ك":"k", "ل":"l", "م":"m", "ن":"n",
    "ه":"h", "و":"w", "ى":"a", "ي":"y", "ً":"an", "ٌ":"on", "ٍ":"en", "َ":"a", "ُ":"u", "ِ":"e", "٠":"0", "١":"1",
    "٢":"2", "٣":"3", "٤":"4", "٥":"5", "٦":"6", "٧":"7", "٨":"8", "٩":"9", "پ":"p", "چ":"ch", "ژ":"zh", "ک":"k",
    "گ":"g", "ی":"y", "۰":"0", "۱":"1", "۲":"2", "۳":"3", "۴":"4", "۵":"5", "۶":"6", "۷":"7", "۸":"8", "۹":"9",
    "฿":"baht", "ა":"a", "ბ":"b", "გ":"g", "დ":"d", "ე":"e", "ვ":"v", "ზ":"z", "თ":"t", "ი":"i", "კ":"k", "ლ":"l",
    "მ":"m", "ნ":"n", "ო":"o", "პ":"p", "ჟ":"zh", "რ":"r", "ს":"s", "ტ":"t", "უ":"u", "ფ":"f", "ქ":"k", "ღ":"gh",
    "ყ":"q", "შ":"sh", "ჩ":"ch", "ც":"ts", "ძ":"dz", "წ":"ts", "ჭ":"ch", "ხ":"kh", "ჯ":"j", "ჰ":"h", "Ṣ":"S", "ṣ":"s",
    "Ẁ":"W", "ẁ":"w", "Ẃ":"W", "ẃ":"w", "Ẅ":"W", "ẅ":"w", "ẞ":"SS", "Ạ":"A", "ạ":"a", "Ả":"A", "ả":"a", "Ấ":"A",
    "ấ":"a", "Ầ":"A", "ầ":"a", "Ẩ":"A", "ẩ":"a", "Ẫ":"A", "ẫ":"a", "Ậ":"A", "ậ":"a", "Ắ":"A", "ắ":"a", "Ằ":"A",
    "ằ":"a", "Ẳ":"A", "ẳ":"a", "Ẵ":"A", "ẵ":"a", "Ặ":"A", "ặ":"a", "Ẹ":"E", "ẹ":"e", "Ẻ":"E", "ẻ":"e", "Ẽ":"E",
    "ẽ":"e", "Ế":"E", "ế":"e", "Ề":"E", "ề":"e", "Ể":"E", "ể":"e", "Ễ":"E", "ễ":"e", "Ệ":"E", "ệ":"e", "Ỉ":"I",
    "ỉ":"i", "Ị":"I", "ị":"i", "Ọ":"O", "ọ":"o", "Ỏ":"O", "ỏ":"o", "Ố":"O", "ố":"o", "Ồ":"O", "ồ":"o", "Ổ":"O",
    "ổ":"o", "Ỗ":"O", "ỗ":"o", "Ộ":"O", "ộ":"o", "Ớ":"O", "ớ":"o", "Ờ":"O", "ờ":"o", "Ở":"O", "ở":"o", "Ỡ":"O",
    "ỡ":"o", "Ợ":"O", "ợ":"o", "Ụ":"U", "ụ":"u", "Ủ":"U", "ủ":"u", "Ứ":"U", "ứ":"u", "Ừ":"U", "ừ":"u", "Ử":"U",
    "ử":"u", "Ữ":"U", "ữ":"u", "Ự":"U", "ự":"u", "Ỳ":"Y", "ỳ":"y", "Ỵ":"Y", "ỵ":"y", "Ỷ":"Y", "ỷ":"y", "Ỹ":"Y",
    "ỹ":"y", "–":" ", "₠":"ecu", "₢":"cruzeiro", "₣":"french franc", "₤":"lira", "₥":"mill", "₦":"naira", "₧":"peseta", "₨":"rupee", "₩":"won", "₪":"new shequel",
    "₫":"dong", "€":"euro", "₭":"kip", "₮":"tugrik", "₯":"drachma", "₰":"penny", "₱":"peso", "₲":"guarani", "₳":"austral", "₴":"hryvnia", "₵":"cedi", "₸":"kazakhstani tenge",
    "₹":"indian rupee", "₺":"turkish lira", "₽":"russian ruble", "₿":"bitcoin", "℠":"sm", "™":"tm", "∂":"d", "∆":"delta", "∑":"sum", "∞":"infinity", "♥":"love", "元":"yuan",
    "円":"yen", "﷼":"rial", "ﻵ":"laa", "ﻷ":"laa", "ﻹ":"lai", "ﻻ":"la"
    }'::jsonb) ->> c.ch as ascii) m on true
  ),
  kept as (
    -- strict: keep ASCII letters, digits and JavaScript's whitespace (\s) only
    select regexp_replace(s, '[^A-Za-z0-9 \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]', '', 'g') as s
    from mapped
  ),
  dashed as (
    select lower(regexp_replace(
             regexp_replace(s, '^[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$', '', 'g'),
             '[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', '-', 'g')) as s
    from kept
  )
  select regexp_replace(left(regexp_replace(regexp_replace(s, '-+', '-', 'g'), '^-|-$', '', 'g'), 100), '-$', '')
  from dashed
$$;
revoke all on function private.slugify(text) from public, anon, authenticated, service_role;
grant execute on function private.slugify(text) to authenticated, service_role;

-- A place slug not yet taken: slugify(name) (or 'place' when that is empty), else the first free
-- of base-2, base-3, … Concurrent callers with the same base queue on a transaction-level
-- advisory lock, so two approvals never pick the same slug.
create or replace function private.unique_place_slug(place_name text) returns text
language plpgsql set search_path = ''
as $$
declare
  base text := coalesce(nullif(private.slugify(place_name), ''), 'place');
  candidate text := base;
  n int := 1;
begin
  perform pg_advisory_xact_lock(hashtextextended('public.places.slug:' || base, 0));
  while exists (select 1 from public.places where slug = candidate) loop
    n := n + 1;
    candidate := base || '-' || n;
  end loop;
  return candidate;
end;
$$;
revoke all on function private.unique_place_slug(text) from public, anon, authenticated, service_role;
grant execute on function private.unique_place_slug(text) to authenticated, service_role;

-- Raises PR422 with a readable reason unless the referenced rows exist.
create or replace function private.check_place_references(payload jsonb) returns void
language plpgsql stable set search_path = ''
as $$
begin
  if payload ? 'categoryId' and not exists (select 1 from public.categories where id = (payload ->> 'categoryId')::bigint) then
    raise exception 'category % does not exist', payload ->> 'categoryId' using errcode = 'PR422';
  end if;
  if payload ? 'zoneId' and payload ->> 'zoneId' is not null
     and not exists (select 1 from public.zones where id = (payload ->> 'zoneId')::bigint) then
    raise exception 'zone % does not exist', payload ->> 'zoneId' using errcode = 'PR422';
  end if;
  if payload ? 'buildingId' and payload ->> 'buildingId' is not null
     and not exists (select 1 from public.buildings where id = (payload ->> 'buildingId')::bigint) then
    raise exception 'building % does not exist', payload ->> 'buildingId' using errcode = 'PR422';
  end if;
end;
$$;
revoke all on function private.check_place_references(jsonb) from public, anon, authenticated, service_role;
grant execute on function private.check_place_references(jsonb) to authenticated, service_role;

-- Applies an edit request's changes to its place (the slug never changes).
create or replace function private.apply_place_changes(target_place_id bigint, changes jsonb) returns void
language plpgsql set search_path = ''
as $$
declare
  details jsonb := coalesce(changes -> 'details', '{}'::jsonb);
begin
  if target_place_id is null or not exists (select 1 from public.places where id = target_place_id) then
    raise exception 'the place no longer exists' using errcode = 'PR422';
  end if;
  if jsonb_typeof(details) <> 'object' then
    raise exception 'details must be an object' using errcode = 'PR422';
  end if;
  if changes ? 'name' and private.payload_text(changes, 'name') is null then
    raise exception 'name is required' using errcode = 'PR422';
  end if;
  if changes ? 'categoryId' and private.payload_text(changes, 'categoryId') is null then
    raise exception 'categoryId is required' using errcode = 'PR422';
  end if;
  perform private.check_place_references(changes);
  update public.places p set
    name            = case when changes ? 'name' then private.payload_text(changes, 'name') else p.name end,
    name_ar         = case when changes ? 'nameAr' then private.payload_text(changes, 'nameAr') else p.name_ar end,
    category_id     = case when changes ? 'categoryId' then (changes ->> 'categoryId')::bigint else p.category_id end,
    zone_id         = case when changes ? 'zoneId' then (changes ->> 'zoneId')::bigint else p.zone_id end,
    building_id     = case when changes ? 'buildingId' then (changes ->> 'buildingId')::bigint else p.building_id end,
    logo_url        = case when changes ? 'logoUrl' then private.payload_text(changes, 'logoUrl') else p.logo_url end,
    address         = case when changes ? 'address' then private.payload_text(changes, 'address') else p.address end,
    address_ar      = case when changes ? 'addressAr' then private.payload_text(changes, 'addressAr') else p.address_ar end,
    phone           = case when changes ? 'phone' then private.payload_text(changes, 'phone') else p.phone end,
    whatsapp        = case when changes ? 'whatsapp' then private.payload_text(changes, 'whatsapp') else p.whatsapp end,
    website_url     = case when changes ? 'websiteUrl' then private.payload_text(changes, 'websiteUrl') else p.website_url end,
    map_url         = case when changes ? 'mapUrl' then private.payload_text(changes, 'mapUrl') else p.map_url end,
    manager_name    = case when changes ? 'managerName' then private.payload_text(changes, 'managerName') else p.manager_name end,
    manager_name_ar = case when changes ? 'managerNameAr' then private.payload_text(changes, 'managerNameAr') else p.manager_name_ar end,
    manager_phone   = case when changes ? 'managerPhone' then private.payload_text(changes, 'managerPhone') else p.manager_phone end,
    latitude        = case when changes ? 'latitude' then (changes ->> 'latitude')::double precision else p.latitude end,
    longitude       = case when changes ? 'longitude' then (changes ->> 'longitude')::double precision else p.longitude end,
    opening_hours   = case when changes ? 'openingHours' then private.payload_text(changes, 'openingHours') else p.opening_hours end,
    description     = case when details ? 'description' then private.payload_text(details, 'description') else p.description end,
    image_url       = case when details ? 'imageUrl' then private.payload_text(details, 'imageUrl') else p.image_url end,
    youtube_url     = case when details ? 'youtubeUrl' then private.payload_text(details, 'youtubeUrl') else p.youtube_url end
  where p.id = target_place_id;
end;
$$;
revoke all on function private.apply_place_changes(bigint,jsonb) from public, anon, authenticated, service_role;
grant execute on function private.apply_place_changes(bigint,jsonb) to authenticated, service_role;

-- Inserts the place a create request describes (owner = the requester); returns its id.
create or replace function private.insert_place_from_payload(payload jsonb, owner uuid) returns bigint
language plpgsql set search_path = ''
as $$
declare
  place_name text := private.payload_text(payload, 'name');
  details jsonb := coalesce(payload -> 'details', '{}'::jsonb);
  new_id bigint;
begin
  if place_name is null then
    raise exception 'name is required' using errcode = 'PR422';
  end if;
  if private.payload_text(payload, 'categoryId') is null then
    raise exception 'categoryId is required' using errcode = 'PR422';
  end if;
  if jsonb_typeof(details) <> 'object' then
    raise exception 'details must be an object' using errcode = 'PR422';
  end if;
  perform private.check_place_references(payload);
  insert into public.places (
    slug, name, name_ar, category_id, zone_id, building_id, logo_url, address, address_ar, phone, whatsapp,
    website_url, map_url, manager_name, manager_name_ar, manager_phone, latitude, longitude, opening_hours,
    description, image_url, youtube_url, owner_id
  ) values (
    private.unique_place_slug(place_name), place_name, private.payload_text(payload, 'nameAr'),
    (payload ->> 'categoryId')::bigint, (payload ->> 'zoneId')::bigint, (payload ->> 'buildingId')::bigint,
    private.payload_text(payload, 'logoUrl'), private.payload_text(payload, 'address'), private.payload_text(payload, 'addressAr'),
    private.payload_text(payload, 'phone'), private.payload_text(payload, 'whatsapp'), private.payload_text(payload, 'websiteUrl'),
    private.payload_text(payload, 'mapUrl'), private.payload_text(payload, 'managerName'), private.payload_text(payload, 'managerNameAr'),
    private.payload_text(payload, 'managerPhone'), (payload ->> 'latitude')::double precision, (payload ->> 'longitude')::double precision, private.payload_text(payload, 'openingHours'),
    private.payload_text(details, 'description'), private.payload_text(details, 'imageUrl'), private.payload_text(details, 'youtubeUrl'),
    owner
  )
  returning id into new_id;
  return new_id;
end;
$$;
revoke all on function private.insert_place_from_payload(jsonb,uuid) from public, anon, authenticated, service_role;
grant execute on function private.insert_place_from_payload(jsonb,uuid) to authenticated, service_role;

-- Approvals run one at a time (docs/decisions/017-single-flight-mutations.md): a transaction-level lock.
create or replace function private.lock_approvals() returns void
language sql set search_path = ''
as $$
  select pg_advisory_xact_lock(hashtextextended('public.place_requests approval', 0));
$$;
revoke all on function private.lock_approvals() from public, anon, authenticated, service_role;
grant execute on function private.lock_approvals() to authenticated, service_role;

-- Helpers of the policies and of the request list, security definer so they read past RLS but answer
-- only what the caller may know: the caller's places; a place's owner (admins, the owner, the service
-- role); who reviewed a request (admins, the service role).
create or replace function private.owned_place_ids() returns SETOF bigint
language sql stable security definer set search_path = ''
as $$
  select p.id from public.places p where p.owner_id = (select auth.uid())
$$;
revoke all on function private.owned_place_ids() from public, anon, authenticated, service_role;
grant execute on function private.owned_place_ids() to authenticated, service_role;

create or replace function private.place_owner(place_id bigint) returns uuid
language sql stable security definer set search_path = ''
as $$
  select p.owner_id from public.places p
   where p.id = place_id
     and ((select private.is_admin()) or p.owner_id = (select auth.uid()) or (select auth.role()) = 'service_role')
$$;
revoke all on function private.place_owner(bigint) from public, anon, authenticated, service_role;
grant execute on function private.place_owner(bigint) to authenticated, service_role;

-- Every place is public (RLS "Anyone can read places"), and the payload holds no owner: no check needed.
create or replace function private.place_payload(place_id bigint) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select private.place_as_payload(p) from public.places p where p.id = place_id
$$;
revoke all on function private.place_payload(bigint) from public, anon, authenticated, service_role;
grant execute on function private.place_payload(bigint) to authenticated, service_role;

create or replace function private.request_reviewer(request_id bigint) returns uuid
language sql stable security definer set search_path = ''
as $$
  select r.reviewed_by from public.place_requests r
   where r.id = request_id and ((select private.is_admin()) or (select auth.role()) = 'service_role')
$$;
revoke all on function private.request_reviewer(bigint) from public, anon, authenticated, service_role;
grant execute on function private.request_reviewer(bigint) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Who made a request: {id, email, name} for admins and for the requester themself, else null.
-- (auth.users is not readable by API roles; this exposes only these three fields, only to them.)
create or replace function private.request_user(user_id uuid) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object('id', u.id, 'email', u.email, 'name', coalesce(p.name, ''))
  from auth.users u
  left join public.profiles p on p.id = u.id
  where u.id = user_id
    and ((select private.is_admin()) or u.id = (select auth.uid()))
$$;
revoke all on function private.request_user(uuid) from public, anon, authenticated, service_role;
grant execute on function private.request_user(uuid) to authenticated, service_role;

-- A place deleted while edit requests for it wait: they are rejected (a pending edit must name its
-- place), so deleting the place does not fail and the requester sees why.
create or replace function private.reject_edits_of_deleted_place() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update public.place_requests
     set status = 'rejected', rejection_reason = 'The place was deleted.',
         reviewed_by = (select auth.uid()), reviewed_at = now()
   where place_id = old.id and status = 'pending';
  return old;
end;
$$;
revoke all on function private.reject_edits_of_deleted_place() from public, anon, authenticated, service_role;

-- `previous` of a user's edit request: the place's current values of the fields the payload changes
-- (read through private.place_payload), so the reviewer sees before and after.
create or replace function private.place_request_previous_trigger() returns trigger
language plpgsql set search_path = ''
as $$
declare
  current jsonb;
  details jsonb;
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if new.type is distinct from 'edit' or jsonb_typeof(new.payload) is distinct from 'object' then
    new.previous := null; -- (a payload that is not an object is refused by the table's check)
    return new;
  end if;
  current := private.place_payload(new.place_id);
  if current is null then
    new.previous := null;
    return new;
  end if;
  select coalesce(jsonb_object_agg(k, coalesce(current -> k, 'null'::jsonb)), '{}'::jsonb)
    into new.previous
    from jsonb_object_keys(new.payload - 'details') k;
  if jsonb_typeof(new.payload -> 'details') = 'object' and new.payload -> 'details' <> '{}'::jsonb then
    select jsonb_object_agg(k, coalesce(current -> 'details' -> k, 'null'::jsonb))
      into details
      from jsonb_object_keys(new.payload -> 'details') k;
    new.previous := new.previous || jsonb_build_object('details', details);
  end if;
  return new;
end;
$$;
revoke all on function private.place_request_previous_trigger() from public, anon, authenticated, service_role;
