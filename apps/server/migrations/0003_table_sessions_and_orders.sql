-- Table sessions, orders and waiter calls (issue 5).

-- Short order numbers people say out loud, counted per restaurant.
alter table restaurants add column last_order_number integer not null default 0;

-- Opened by the first scan of a table's QR code and shared by everyone at the table. The id
-- is the capability: whoever holds it may order to the table and see its bill.
create table table_sessions (
  id uuid primary key default gen_random_uuid(),
  restaurant_id text not null references restaurants (id) on delete cascade,
  table_id uuid not null references restaurant_tables (id) on delete cascade,
  opened_at timestamptz not null default now(),
  last_activity_at timestamptz not null default now(),
  expires_at timestamptz not null,
  closed_at timestamptz,
  closed_reason text check (closed_reason in ('expired', 'settled')),
  check ((closed_at is null) = (closed_reason is null))
);
-- One open session per table: two phones scanning at once join the same one.
create unique index table_sessions_one_open_per_table on table_sessions (table_id)
  where closed_at is null;

create table orders (
  id uuid primary key default gen_random_uuid(),
  restaurant_id text not null references restaurants (id) on delete cascade,
  number integer not null check (number > 0),
  type text not null check (type in ('dine_in', 'delivery', 'pickup', 'preorder')),
  status text not null default 'placed' check (
    status in ('placed', 'accepted', 'cooking', 'ready', 'served', 'out_for_delivery',
               'completed', 'cancelled')
  ),
  table_session_id uuid references table_sessions (id),
  -- The table as it was named when the order was placed.
  table_ref jsonb,
  contact jsonb,
  address jsonb,
  scheduled_for timestamptz,
  guests integer check (guests between 1 and 30),
  comment text check (length(comment) <= 500),
  payment_method text not null check (payment_method in ('cash', 'card', 'sbp')),
  payment_status text not null default 'unpaid' check (
    payment_status in ('unpaid', 'pending', 'paid', 'refunded')
  ),
  currency char(3) not null,
  -- Names, options and prices as ordered; the menu may change afterwards.
  lines jsonb not null,
  subtotal integer not null check (subtotal >= 0),
  service_charge integer not null check (service_charge >= 0),
  delivery_fee integer not null check (delivery_fee >= 0),
  discount integer not null default 0 check (discount >= 0),
  tip integer not null default 0 check (tip >= 0),
  total integer not null check (total >= 0),
  history jsonb not null,
  idempotency_key text not null,
  -- sha256 of the request as understood: the same key with another body is refused.
  request_hash text not null,
  placed_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (restaurant_id, idempotency_key),
  unique (restaurant_id, number),
  check ((type = 'dine_in') = (table_session_id is not null))
);
create index orders_by_table_session on orders (table_session_id, placed_at)
  where table_session_id is not null;

create table waiter_calls (
  id uuid primary key default gen_random_uuid(),
  restaurant_id text not null references restaurants (id) on delete cascade,
  table_session_id uuid not null references table_sessions (id) on delete cascade,
  reason text not null check (reason in ('waiter', 'bill', 'other')),
  comment text check (length(comment) <= 200),
  status text not null default 'open' check (status in ('open', 'acknowledged', 'done')),
  created_at timestamptz not null default now(),
  acknowledged_at timestamptz,
  acknowledged_by jsonb,
  done_at timestamptz
);
-- One open call per reason per session: repeated taps return the open call.
create unique index waiter_calls_one_open_per_reason on waiter_calls (table_session_id, reason)
  where status <> 'done';
