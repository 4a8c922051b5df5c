-- The waiter's floor lists the restaurant's open orders that have no table (deliveries, pickups
-- and pre-orders, issue 15), soonest first: this index answers that without reading the
-- restaurant's finished orders, however many there are.
create index orders_open_without_table on orders (restaurant_id, (coalesce(scheduled_for, placed_at)))
  where table_session_id is null and status not in ('completed', 'cancelled');
