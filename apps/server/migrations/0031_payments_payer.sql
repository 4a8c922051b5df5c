-- Who paid, and what in points (issue 16, decision 0060): the signed-in diner who started an
-- online payment, so that each payer of a split bill earns bonus points on their own share. Null: paid anonymously,
-- or the profile was deleted since (its payments stay, anonymised).
alter table payments add column client_id uuid references clients (id) on delete set null;

-- The bonus points an order spent (decision 0060): its discount counts them as money; kept on
-- the order so that its receipt and history say "paid in points" whatever the ledger holds.
alter table orders add column bonus_points integer not null default 0
  check (bonus_points >= 0);

-- The bonus points a bill payment spends (decision 0060): the diner pays that much less by
-- card; each allocation says how many of them went to its order.
alter table payments add column bonus_points integer not null default 0
  check (bonus_points >= 0);
