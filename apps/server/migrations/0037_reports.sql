-- The back office's day (issue 17, decision 0072): the report reads a restaurant's orders by
-- the time they were placed, their payments and the tips of a range; the live screen reads the
-- orders still in progress and the calls still open. Each needs its restaurant's rows without
-- walking another restaurant's.
create index orders_by_restaurant_placed on orders (restaurant_id, placed_at);
create index orders_in_progress_by_restaurant on orders (restaurant_id, placed_at)
  where status not in ('completed', 'cancelled');
create index tips_by_restaurant on tips (restaurant_id, created_at);
create index waiter_calls_unanswered_by_restaurant on waiter_calls (restaurant_id, created_at)
  where status <> 'done';
