-- Coordinates closer to 0 than 1e-9 degrees (~0.1 mm) are 0 (src/shared/schemas/common.ts COORDINATE_FLOOR):
-- squared in the distance formulas (duplicates within 150 m, the overview's "outside its zone" gap) such a
-- value underflows double precision, which PostgreSQL raises as an error rather than rounding to 0. The API's
-- schemas already flush them; these CHECKs hold Studio, psql and imports to the same rule.
update public.places set latitude = 0 where latitude <> 0 and abs(latitude) < 1e-9;
update public.places set longitude = 0 where longitude <> 0 and abs(longitude) < 1e-9;
update public.zones set latitude = 0 where latitude <> 0 and abs(latitude) < 1e-9;
update public.zones set longitude = 0 where longitude <> 0 and abs(longitude) < 1e-9;
update public.buildings set latitude = 0 where latitude <> 0 and abs(latitude) < 1e-9;
update public.buildings set longitude = 0 where longitude <> 0 and abs(longitude) < 1e-9;

alter table public.places add constraint places_coordinates_floor
  check ((latitude is null or latitude = 0 or abs(latitude) >= 1e-9) and (longitude is null or longitude = 0 or abs(longitude) >= 1e-9));
alter table public.zones add constraint zones_coordinates_floor
  check ((latitude is null or latitude = 0 or abs(latitude) >= 1e-9) and (longitude is null or longitude = 0 or abs(longitude) >= 1e-9));
alter table public.buildings add constraint buildings_coordinates_floor
  check ((latitude is null or latitude = 0 or abs(latitude) >= 1e-9) and (longitude is null or longitude = 0 or abs(longitude) >= 1e-9));
