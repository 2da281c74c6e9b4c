-- Near me (issue #15): lists sorted by great-circle distance from a point, served by an index.
-- The `cube` extension only (Supabase and the embedded binaries ship it; decision 022): each place
-- with coordinates is indexed as its unit vector on the sphere, and the GiST index answers
-- "nearest first" (KNN, `<->` = straight-line distance between the vectors, which orders exactly
-- as the great-circle distance does). Only built-in functions in the expression, schema-qualified:
-- earthdistance 1.1's ll_to_earth() calls earth() and cube() unqualified, which fails under the
-- empty search_path of dumps, restores and maintenance. Keep the expression identical to
-- unitVectorSql() in src/server/queries/places.ts or the index stops serving the order.

create schema if not exists extensions;
create extension if not exists cube with schema extensions;

-- (cube() refuses an array holding NULL: places without coordinates index as NULL and come last)
create index if not exists places_unit_vector_idx on public.places using gist ((
  case when latitude is not null and longitude is not null then extensions.cube(array[
    cos(radians(latitude)) * cos(radians(longitude)),
    cos(radians(latitude)) * sin(radians(longitude)),
    sin(radians(latitude))
  ]::double precision[]) end
));
