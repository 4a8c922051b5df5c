-- Web Push subscriptions of waiters' devices (issue 15): alerts reach a phone whose screen is
-- locked. One row per push endpoint: a device that changes hands belongs to whoever signed in
-- last. At most a few per waiter (the service drops the oldest).
create table garcon_push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  waiter_id uuid not null references waiters (id) on delete cascade,
  endpoint text not null unique check (length(endpoint) <= 2000),
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null default now(),
  last_sent_at timestamptz
);
create index garcon_push_subscriptions_by_waiter on garcon_push_subscriptions (waiter_id, created_at);
