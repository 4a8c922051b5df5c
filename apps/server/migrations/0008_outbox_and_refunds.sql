-- Side effects a transaction decides (realtime publishes, refunds) are written here in that
-- transaction and delivered after it commits, retried with backoff until done, across
-- restarts (decision 0027). A node claims due entries with FOR UPDATE SKIP LOCKED and a
-- lease (next_attempt_at moved ahead), so two nodes never deliver one entry at once.
create table outbox (
  id bigint generated always as identity primary key,
  kind text not null,
  payload jsonb not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  delivered_at timestamptz,
  last_error text,
  created_at timestamptz not null default now()
);
create index outbox_due on outbox (next_attempt_at, id) where delivered_at is null;

-- What was given back of a payment (decision 0028): a success for a cancelled order, the part
-- of a success another payment had covered, or a paid order a waiter cancelled.
alter table payments add column refunded_amount integer not null default 0;
alter table payments add constraint payments_refund_within_amount
  check (refunded_amount between 0 and amount);

-- The payments with a share of an order (a cancel checks them): `allocations @> [{orderId}]`.
create index payments_by_allocated_order on payments using gin (allocations jsonb_path_ops);
