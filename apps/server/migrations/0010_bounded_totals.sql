-- Totals are bounded before anything is written (issue 13): the contracts' MAX_ORDER_TOTAL
-- (1 000 000 ₽) for an order and MAX_BILL_TOTAL (10 000 000 ₽) for what a table session's
-- orders may come to. The checks are the last line; the server refuses such orders first.

-- What the session's orders have come to, cancelled ones included: the statement that
-- inserts an order adds to it only while it stays within the bound, so two orders racing to
-- one table cannot pass it together.
alter table table_sessions add column placed_total integer not null default 0;
update table_sessions s set placed_total = coalesce(
  (select sum(o.total) from orders o where o.table_session_id = s.id), 0);
alter table table_sessions add constraint table_sessions_placed_total_bounded
  check (placed_total between 0 and 1000000000) not valid;

alter table orders add constraint orders_totals_bounded check (
  subtotal <= 100000000 and service_charge <= 100000000 and delivery_fee <= 100000000
  and discount <= 100000000 and tip <= 100000000 and total <= 100000000
) not valid;
