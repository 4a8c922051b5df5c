-- Open table sessions by when they run out, for the sweep that ends them though nobody looks
-- at them and tells their waiters (decision 0049). Only open sessions: one a table at most.
create index table_sessions_open_by_expiry on table_sessions (expires_at, id)
  where closed_at is null;
