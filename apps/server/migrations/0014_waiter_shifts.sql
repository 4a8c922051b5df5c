-- A waiter is on shift or not (decision 0042): calls go to the table's waiters on shift, and to
-- every waiter on shift when the table has none. Nobody is on shift until they say so.
alter table waiters
  add column on_shift boolean not null default false,
  add column shift_changed_at timestamptz;
