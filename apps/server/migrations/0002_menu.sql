-- The restaurant's public profile and settings, and its menu: menus → categories (which may
-- nest) → dishes, and the stories shown above the menu. Ids inside a restaurant are chosen
-- by the restaurant (slugs); every key starts with restaurant_id, so one restaurant's ids
-- can never reach another's rows.
alter table restaurants
  add column description jsonb,
  add column logo jsonb,
  add column address text,
  add column phone text,
  add column opening_hours jsonb not null default '[]',
  add column settings jsonb not null default '{}',
  -- Bumped by every change to the menu, stop-list included: the menu's ETag and cache key.
  add column menu_version bigint not null default 1;

create table menus (
  restaurant_id text not null references restaurants (id) on delete cascade,
  id text not null,
  name jsonb not null,
  description jsonb,
  served_from text,
  served_until text,
  sort_order integer not null,
  primary key (restaurant_id, id)
);

create table menu_categories (
  restaurant_id text not null,
  id text not null,
  menu_id text not null,
  parent_id text,
  name jsonb not null,
  description jsonb,
  sort_order integer not null,
  primary key (restaurant_id, id),
  foreign key (restaurant_id, menu_id) references menus (restaurant_id, id) on delete cascade,
  foreign key (restaurant_id, parent_id) references menu_categories (restaurant_id, id) on delete cascade
);

create table dishes (
  restaurant_id text not null,
  id text not null,
  category_id text not null,
  name jsonb not null,
  description jsonb,
  photo jsonb,
  portion jsonb,
  nutrition jsonb,
  price integer not null check (price >= 0),
  modifier_groups jsonb not null default '[]',
  allergens text[] not null default '{}',
  diet text[] not null default '{}',
  highlight text,
  age_restricted boolean not null default false,
  available boolean not null default true,
  sort_order integer not null,
  primary key (restaurant_id, id),
  foreign key (restaurant_id, category_id) references menu_categories (restaurant_id, id) on delete cascade
);

create table stories (
  restaurant_id text not null references restaurants (id) on delete cascade,
  id text not null,
  title jsonb not null,
  caption jsonb,
  media jsonb not null,
  dish_id text,
  duration_ms integer not null,
  starts_at timestamptz,
  ends_at timestamptz,
  sort_order integer not null,
  primary key (restaurant_id, id),
  foreign key (restaurant_id, dish_id) references dishes (restaurant_id, id) on delete set null (dish_id)
);
