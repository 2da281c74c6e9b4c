-- public.place_duplicate_pairs: likely duplicate places, kept by triggers on public.places.

create table public.place_duplicate_pairs (
  place_a bigint not null,
  place_b bigint not null,
  distance_m integer,
  similarity real,
  by_name boolean not null,
  by_phone boolean not null,
  constraint place_duplicate_pairs_pkey PRIMARY KEY (place_a, place_b),
  constraint place_duplicate_pairs_check CHECK ((place_a < place_b)),
  constraint place_duplicate_pairs_check1 CHECK ((by_name OR by_phone)),
  constraint place_duplicate_pairs_distance_m_check CHECK (((distance_m IS NULL) OR (distance_m >= 0))),
  constraint place_duplicate_pairs_similarity_check CHECK (((similarity IS NULL) OR ((similarity >= (0)::double precision) AND (similarity <= (1)::double precision)))),
  constraint place_duplicate_pairs_place_a_fkey FOREIGN KEY (place_a) REFERENCES public.places(id) ON DELETE CASCADE,
  constraint place_duplicate_pairs_place_b_fkey FOREIGN KEY (place_b) REFERENCES public.places(id) ON DELETE CASCADE
);

-- Indexes
create index place_duplicate_pairs_b_idx on public.place_duplicate_pairs using btree (place_b);
create index place_duplicate_pairs_order_idx on public.place_duplicate_pairs using btree (((by_name AND by_phone)) DESC, similarity DESC NULLS LAST, place_a, place_b);

-- Access: privileges say which roles reach which columns, policies which rows
alter table public.place_duplicate_pairs enable row level security;
revoke all on public.place_duplicate_pairs from public, anon, authenticated, service_role;
grant select on public.place_duplicate_pairs to authenticated, service_role;
create policy "Admins can read likely duplicate pairs" on public.place_duplicate_pairs for select to authenticated
  using ((select private.is_admin()));
