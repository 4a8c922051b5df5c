-- Running the table from the waiter area (issue 15, decision 0044).

-- An order a waiter placed for guests without phones names them; it stays if they leave.
alter table orders
  add column placed_by_waiter_id uuid references waiters (id) on delete set null;

-- Guests moved to another table: both tables' waiters are alerted.
alter table garcon_alerts drop constraint garcon_alerts_kind_check;
alter table garcon_alerts add constraint garcon_alerts_kind_check check (
  kind in (
    'order_placed', 'waiter_call', 'payment_received', 'order_ready', 'session_ended',
    'table_moved'
  )
);

-- Cash a waiter took for a whole table, once per Idempotency-Key: a retry gets this answer back
-- rather than "nothing is due".
create table table_cash_settlements (
  id uuid primary key default gen_random_uuid(),
  restaurant_id text not null references restaurants (id) on delete cascade,
  table_session_id uuid not null references table_sessions (id) on delete cascade,
  waiter_id uuid references waiters (id) on delete set null,
  idempotency_key text not null,
  amount integer not null check (amount > 0),
  currency char(3) not null,
  order_numbers jsonb not null,
  created_at timestamptz not null default now(),
  unique (restaurant_id, idempotency_key)
);
create index table_cash_settlements_session on table_cash_settlements (table_session_id);
