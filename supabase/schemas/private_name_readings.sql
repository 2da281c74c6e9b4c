-- private.name_readings: how Latin words of the directory's names are written in Arabic (decision 043).

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

-- Access: privileges say which roles reach which columns, policies which rows
alter table private.name_readings enable row level security;
revoke all on private.name_readings from public, anon, authenticated, service_role;
grant select on private.name_readings to anon, authenticated, service_role;
create policy "Anyone can read name readings" on private.name_readings for select to anon, authenticated, service_role using (true);
