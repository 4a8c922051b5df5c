-- The diner's profile (issue 16, decision 0051): one per verified phone, global to the phone;
-- what it has at a restaurant (orders, favourites, bonus cards) is kept per restaurant.
create table clients (
  id uuid primary key default gen_random_uuid(),
  -- E.164, as libphonenumber-js formats a verified number.
  phone text not null unique check (phone ~ '^\+[1-9][0-9]{6,14}$'),
  name text check (length(name) between 1 and 80),
  birthday date check (birthday >= date '1900-01-01'),
  language text check (language in ('ru', 'en')),
  created_at timestamptz not null default now()
);

-- A signed-in device. The token is never stored, only its sha256; the expiry slides 30 days
-- from the last use (moved at most once a minute). Signing out deletes the row.
create table client_sessions (
  token_hash text primary key,
  client_id uuid not null references clients (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null,
  expires_at timestamptz not null
);
create index client_sessions_by_client on client_sessions (client_id);
create index client_sessions_by_expiry on client_sessions (expires_at);

-- Saved delivery addresses, in the shape an order's address has; at most 10 per profile.
create table client_addresses (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references clients (id) on delete cascade,
  address jsonb not null,
  created_at timestamptz not null default now()
);
create index client_addresses_by_client on client_addresses (client_id, created_at);

-- The profile an order belongs to. Deleting the profile keeps the order, anonymised: the
-- service clears its contact and address first, then the reference goes null here.
alter table orders add column client_id uuid references clients (id) on delete set null;
create index orders_by_client on orders (client_id, restaurant_id, placed_at desc)
  where client_id is not null;
