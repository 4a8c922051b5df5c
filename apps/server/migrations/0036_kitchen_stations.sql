-- The kitchen display (issue 17, decisions 0070 and 0071): the restaurant's stations, which
-- station cooks each menu category, the dishes of orders the kitchen has bumped, and the
-- minutes at which a ticket's timer turns amber and red.
create table kitchen_stations (
  id uuid primary key default gen_random_uuid(),
  restaurant_id text not null references restaurants (id) on delete cascade,
  name text not null check (length(name) between 1 and 60),
  sort_order integer not null default 0,
  unique (restaurant_id, name)
);

-- Keyed by the category's id (the restaurant's slug), not a foreign key to menu_categories:
-- importing a menu replaces its categories, and their stations must survive that (0070).
-- A subcategory with no row here is cooked where its parent is.
create table kitchen_station_categories (
  restaurant_id text not null references restaurants (id) on delete cascade,
  category_id text not null,
  station_id uuid not null references kitchen_stations (id) on delete cascade,
  primary key (restaurant_id, category_id)
);
create index kitchen_station_categories_station on kitchen_station_categories (station_id);

-- One row per bumped line of an order (its index in orders.lines); one bump (a dish, or a
-- whole ticket) shares a bump_id, which undo names (0071).
create table kitchen_bumps (
  order_id uuid not null references orders (id) on delete cascade,
  line_index integer not null check (line_index >= 0),
  bump_id uuid not null,
  bumped_at timestamptz not null,
  primary key (order_id, line_index)
);
create index kitchen_bumps_bump on kitchen_bumps (bump_id);

alter table restaurants
  add column kitchen_warn_minutes integer not null default 10,
  add column kitchen_late_minutes integer not null default 20,
  add constraint kitchen_thresholds_ordered check (
    kitchen_warn_minutes between 1 and 600
    and kitchen_late_minutes between 2 and 720
    and kitchen_late_minutes > kitchen_warn_minutes
  );
