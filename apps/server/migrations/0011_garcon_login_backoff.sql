-- Wrong PINs per waiter login, whatever the address they come from (decision 0029). An
-- attempt is counted before its PIN is checked and forgotten on success, so parallel
-- guesses cannot slip past the wait. Rows of logins left alone for a day are deleted.
create table garcon_login_failures (
  restaurant_id text not null references restaurants (id) on delete cascade,
  -- As typed, lower-cased: unknown logins back off too, so a 429 never tells which exist.
  login text not null,
  failures integer not null check (failures > 0),
  retry_at timestamptz not null,
  last_failed_at timestamptz not null,
  primary key (restaurant_id, login)
);
create index garcon_login_failures_by_age on garcon_login_failures (last_failed_at);
