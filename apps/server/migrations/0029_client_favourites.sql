-- The signed-in diner's favourite dishes, per restaurant (issue 16, decisions 0052 and 0056).
-- `name` is the dish's name in the menu's languages when it was saved, so a dish since taken
-- off the menu can still be named; at most 200 per diner and restaurant (the service cuts).
create table client_favourites (
  client_id uuid not null references clients (id) on delete cascade,
  restaurant_id text not null references restaurants (id) on delete cascade,
  dish_id text not null,
  name jsonb not null,
  added_at timestamptz not null,
  primary key (client_id, restaurant_id, dish_id)
);
create index client_favourites_newest on client_favourites (client_id, restaurant_id, added_at desc);
