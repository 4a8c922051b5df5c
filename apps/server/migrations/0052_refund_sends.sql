-- A refund of a payment on its way to an acquirer that could make it twice when it is sent
-- again (T-Bank: Cancel's ExternalRequestId "не работает для операций по СБП"; decision 0141).
-- One row per payment at most: its refunds go to the acquirer one at a time. `mark` is what the
-- acquirer said of the payment just before the refund was first sent; `sent_at` when it was last
-- sent. The row stays while the refund's outcome is unknown or still pending at the acquirer,
-- and goes in the transaction that records the refund done or refused.
create table refund_sends (
  payment_id uuid primary key references payments (id) on delete cascade,
  refund_key text not null,
  amount integer not null check (amount > 0),
  mark jsonb not null,
  sent_at timestamptz not null,
  created_at timestamptz not null default now()
);
