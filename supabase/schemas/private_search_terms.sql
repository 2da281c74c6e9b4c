-- private.search_terms: the vocabulary typo-tolerant search corrects against.

create table private.search_terms (
  term text collate pg_catalog."C" not null,
  skeleton text generated always as (private.latin_skeleton(term)) stored,
  -- the cross-script phonetic key (with vowels) and its consonants only (indexed): decision 043
  phonetic text generated always as (private.cross_script_key(term)) stored,
  phonetic_base text generated always as (private.cross_script_base(private.cross_script_key(term))) stored,
  constraint search_terms_pkey PRIMARY KEY (term)
);

-- Indexes
create index search_terms_deletions_idx on private.search_terms using gin (private.term_deletions(term));
create index search_terms_phonetic_idx on private.search_terms (phonetic_base) where phonetic_base is not null;
create index search_terms_skeleton_idx on private.search_terms using btree (skeleton) WHERE (skeleton IS NOT NULL);

-- Triggers
create trigger notify_public_data_changed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON private.search_terms FOR EACH STATEMENT EXECUTE FUNCTION private.notify_public_data_changed();

-- Access: privileges say which roles reach which columns, policies which rows
alter table private.search_terms enable row level security;
revoke all on private.search_terms from public, anon, authenticated, service_role;
grant select on private.search_terms to anon, authenticated, service_role;
create policy "Anyone can read search terms" on private.search_terms for select to anon, authenticated, service_role using (true);
