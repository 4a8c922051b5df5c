-- Online payments, tips and the sandbox acquirer (issue 6).

-- What is paid of an order so far (cash, or online payments allocated to it). An order is
-- `paid` when this reaches its total; a partly paid order stays `unpaid`.
alter table orders add column paid_amount integer not null default 0;
update orders set paid_amount = total where payment_status = 'paid';
alter table orders add constraint orders_paid_within_total check (paid_amount between 0 and total);

-- The waiters serving a table now: tips paid at the table go to them.
create table waiter_tables (
  waiter_id uuid not null references waiters (id) on delete cascade,
  table_id uuid not null references restaurant_tables (id) on delete cascade,
  assigned_at timestamptz not null default now(),
  primary key (waiter_id, table_id)
);
create index waiter_tables_by_table on waiter_tables (table_id, assigned_at);

create table payments (
  id uuid primary key default gen_random_uuid(),
  restaurant_id text not null references restaurants (id) on delete cascade,
  purpose text not null check (purpose in ('order', 'bill')),
  order_id uuid references orders (id),
  table_session_id uuid references table_sessions (id),
  method text not null check (method in ('card', 'sbp')),
  provider text not null,
  provider_ref text,
  currency char(3) not null,
  -- amount = what it pays of orders + tip; never more than was due when it started.
  amount integer not null check (amount > 0),
  tip integer not null default 0 check (tip >= 0 and tip <= amount),
  status text not null default 'pending' check (
    status in ('pending', 'succeeded', 'failed', 'cancelled', 'refunded')
  ),
  failure_reason text,
  -- [{ orderId, amount, lines: [{ line, quantity }] }]: what of which order it pays.
  allocations jsonb not null,
  -- 'items' or 'amounts' for a bill payment: how the table splits its bill.
  split_by text check (split_by in ('items', 'amounts')),
  waiter_id uuid references waiters (id) on delete set null,
  redirect_url text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  completed_at timestamptz,
  check ((purpose = 'order') = (order_id is not null)),
  check ((purpose = 'bill') = (table_session_id is not null and order_id is null))
);
create unique index payments_by_provider_ref on payments (provider, provider_ref);
create index payments_by_order on payments (order_id, created_at) where order_id is not null;
create index payments_by_session on payments (table_session_id, created_at)
  where table_session_id is not null;
-- One payment in progress per order: a second tap finds the first.
create unique index payments_one_pending_per_order on payments (order_id)
  where status = 'pending' and order_id is not null;
create index payments_pending_by_expiry on payments (expires_at) where status = 'pending';

-- Webhook events applied, by the provider's event id: a repeated delivery changes nothing.
create table payment_webhook_events (
  provider text not null,
  event_id text not null,
  payment_id uuid references payments (id),
  received_at timestamptz not null default now(),
  primary key (provider, event_id)
);

create table tips (
  id uuid primary key default gen_random_uuid(),
  restaurant_id text not null references restaurants (id) on delete cascade,
  -- Null when nobody was serving the table: the restaurant's pool.
  waiter_id uuid references waiters (id) on delete set null,
  payment_id uuid not null unique references payments (id),
  table_session_id uuid references table_sessions (id),
  amount integer not null check (amount > 0),
  currency char(3) not null,
  created_at timestamptz not null default now()
);
create index tips_by_waiter on tips (waiter_id, created_at);

-- The sandbox acquirer's own books, as a real acquirer keeps them on its side.
create table sandbox_acquirer_payments (
  ref text primary key,
  merchant text not null,
  description text not null,
  amount integer not null check (amount > 0),
  currency char(3) not null,
  method text not null check (method in ('card', 'sbp')),
  state text not null,
  success_url text not null,
  fail_url text not null,
  card_last4 text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  completed_at timestamptz
);

-- Webhooks waiting to be delivered (at least once, retried with backoff, kept across restarts).
create table sandbox_acquirer_outbox (
  event_id text primary key,
  ref text not null references sandbox_acquirer_payments (ref),
  body text not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  delivered_at timestamptz,
  last_error text
);
create index sandbox_acquirer_outbox_due on sandbox_acquirer_outbox (next_attempt_at)
  where delivered_at is null;
