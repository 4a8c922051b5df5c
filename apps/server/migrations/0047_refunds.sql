-- Refunds and corrections (issue 28, decision 0119): every sum given back, and every line made
-- free, is a row here. One manager's or waiter's action (`action_id`) writes a row per way the
-- money goes back: one per online payment it refunds through the acquirer, one for cash handed
-- out, one for a comp that only lowers what is due. The report reads refunds from this table.
create table refunds (
  id uuid primary key default gen_random_uuid(),
  restaurant_id text not null references restaurants (id) on delete cascade,
  order_id uuid not null references orders (id) on delete cascade,
  action_id uuid not null,
  -- whole: the order was cancelled; part: lines, quantities or an amount of it; comp: lines made
  -- free; tip: a payment's tip.
  kind text not null check (kind in ('whole', 'part', 'comp', 'tip')),
  -- online: through the acquirer to `payment_id`; cash: handed out by the restaurant; points:
  -- only bonus points came back; none: a comp before payment (what is due went down).
  way text not null check (way in ('online', 'cash', 'points', 'none')),
  payment_id uuid references payments (id) on delete set null,
  -- The order's lines it took off: [{"line": index, "quantity": n}] (empty: an amount or a tip).
  lines jsonb not null default '[]',
  -- Money given back, in minor units (a comp before payment gives none back).
  amount integer not null check (amount >= 0),
  -- What the order's price went down by (lines or an amount; 0 for a tip).
  taken_off integer not null default 0 check (taken_off >= 0),
  points_returned integer not null default 0 check (points_returned >= 0),
  points_taken_back integer not null default 0 check (points_taken_back >= 0),
  -- A tip refund: the tip and the waiter whose tips it leaves.
  tip_id uuid references tips (id) on delete set null,
  waiter_id uuid references waiters (id) on delete set null,
  -- in_progress until the acquirer took it (online); cash, points and comps are done at once.
  state text not null check (state in ('in_progress', 'done', 'failed')),
  provider_refund_id text check (length(provider_refund_id) <= 200),
  -- Shown to the diner.
  reason text not null check (length(reason) between 1 and 500),
  actor_kind text not null check (actor_kind in ('manager', 'waiter', 'diner', 'server')),
  actor_id uuid,
  actor_name text not null check (length(actor_name) <= 200),
  currency char(3) not null,
  created_at timestamptz not null default now(),
  completed_at timestamptz
);
create index refunds_by_order on refunds (order_id, created_at);
create index refunds_by_restaurant on refunds (restaurant_id, created_at);

-- What refunds took off a tip: the waiter's tips are net of it.
alter table tips
  add column refunded_amount integer not null default 0
    check (refunded_amount >= 0 and refunded_amount <= amount);

-- The sandbox acquirer refunds part of a payment too, once per idempotency key, with an id.
alter table sandbox_acquirer_payments
  add column refunded_amount integer not null default 0
    check (refunded_amount >= 0 and refunded_amount <= amount);
update sandbox_acquirer_payments set refunded_amount = amount where state = 'refunded';

create table sandbox_acquirer_refunds (
  id text primary key,
  ref text not null references sandbox_acquirer_payments (ref) on delete cascade,
  idempotency_key text not null unique check (length(idempotency_key) <= 200),
  amount integer not null check (amount > 0),
  created_at timestamptz not null default now()
);

-- What part refunds and comps took off an order's price: `total` is what it costs now, and
-- `total + taken_off` what it cost as ordered.
alter table orders add column taken_off integer not null default 0 check (taken_off >= 0);
