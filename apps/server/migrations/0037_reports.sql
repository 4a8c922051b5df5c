-- The back office's day (issue 17, decision 0072): the report reads a restaurant's orders by
-- the time they were placed, their payments and the tips of a range; the live screen reads the
-- orders still in progress and the calls still open. Each needs its restaurant's rows without
-- walking another restaurant's. `updated_at` rides along so that checking which days changed
-- since they were summed reads the index alone.
create index orders_by_restaurant_placed on orders (restaurant_id, placed_at) include (updated_at);
create index orders_in_progress_by_restaurant on orders (restaurant_id, placed_at)
  where status not in ('completed', 'cancelled');
create index tips_by_restaurant on tips (restaurant_id, created_at);
create index waiter_calls_unanswered_by_restaurant on waiter_calls (restaurant_id, created_at)
  where status <> 'done';

-- A day's sums as the report last worked them out, in one time zone (decision 0072). Kept
-- only while its orders are as they were: their number and the sum of their `updated_at`
-- in milliseconds (every change to an order — status, money paid, a refund — moves its
-- `updated_at`). A day that differs is summed again and replaced; nothing else reads these.
create table report_days (
  restaurant_id text not null references restaurants (id) on delete cascade,
  timezone text not null,
  day date not null,
  fingerprint text not null,
  summary jsonb not null,
  computed_at timestamptz not null default now(),
  primary key (restaurant_id, timezone, day)
);
