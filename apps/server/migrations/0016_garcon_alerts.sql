-- What waiters are alerted to (issue 15): stored, so a reload, a second device or a reconnect
-- shows what the socket brought. The table and order are copied as people read them; the
-- rows they came from may go.
create table garcon_alerts (
  id uuid primary key default gen_random_uuid(),
  restaurant_id text not null references restaurants (id) on delete cascade,
  waiter_id uuid not null references waiters (id) on delete cascade,
  kind text not null check (
    kind in ('order_placed', 'waiter_call', 'payment_received', 'order_ready', 'session_ended')
  ),
  table_code text,
  table_label text,
  order_number integer,
  call_id uuid references waiter_calls (id) on delete set null,
  detail jsonb not null default '{}',
  created_at timestamptz not null default now(),
  read_at timestamptz,
  check ((table_code is null) = (table_label is null))
);
create index garcon_alerts_unread on garcon_alerts (waiter_id, created_at desc)
  where read_at is null;
create index garcon_alerts_by_age on garcon_alerts (created_at);
