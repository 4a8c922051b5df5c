-- The floor's zones as the back office keeps them (issue 17, decision 0066): a manager adds,
-- renames and orders zones, and puts tables in them. A table's `zone` (what diners, waiters and
-- orders read) stays a copy of its zone's name that this database keeps true on every write.
create table table_zones (
  id uuid primary key default gen_random_uuid(),
  restaurant_id text not null references restaurants (id) on delete cascade,
  name jsonb not null check (
    jsonb_typeof(name) = 'object' and length(btrim(name ->> 'ru')) between 1 and 60
  ),
  position integer not null default 0 check (position between 0 and 10000),
  created_at timestamptz not null default now(),
  unique (restaurant_id, id)
);
create unique index table_zones_name_key on table_zones (restaurant_id, lower(name ->> 'ru'));

-- A table's zone is one of its own restaurant's.
alter table restaurant_tables add column zone_id uuid;
alter table restaurant_tables add constraint restaurant_tables_zone_fk
  foreign key (restaurant_id, zone_id) references table_zones (restaurant_id, id);
create index restaurant_tables_zone_idx on restaurant_tables (zone_id);

-- The zones tables named before become zones, in the order of their Russian names.
insert into table_zones (restaurant_id, name, position)
select restaurant_id, name, (row_number() over (partition by restaurant_id order by key) - 1)::int
from (
  select distinct on (restaurant_id, lower(zone ->> 'ru'))
    restaurant_id, zone as name, lower(zone ->> 'ru') as key
  from restaurant_tables
  where zone is not null
  order by restaurant_id, lower(zone ->> 'ru'), created_at
) named;

update restaurant_tables t
set zone_id = z.id
from table_zones z
where z.restaurant_id = t.restaurant_id and lower(z.name ->> 'ru') = lower(t.zone ->> 'ru');

-- A table put in a zone (or taken out of one) reads that zone's name.
create function restaurant_tables_zone_name() returns trigger language plpgsql as $$
begin
  if new.zone_id is not null then
    new.zone := (select name from table_zones where id = new.zone_id);
  elsif tg_op = 'UPDATE' then
    new.zone := null;
  end if;
  return new;
end
$$;
create trigger restaurant_tables_zone_name
  before insert or update of zone_id on restaurant_tables
  for each row execute function restaurant_tables_zone_name();

-- A renamed zone renames it on every table in it.
create function table_zones_rename() returns trigger language plpgsql as $$
begin
  update restaurant_tables set zone = new.name where zone_id = new.id;
  return null;
end
$$;
create trigger table_zones_rename
  after update of name on table_zones
  for each row execute function table_zones_rename();
