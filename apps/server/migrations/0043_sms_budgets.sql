-- SMS pumping (issue 27, decision 0109): sign-in codes by SMS are counted a day against a budget
-- per restaurant, which its manager sets (restaurants before this get the default), and one for
-- the whole server (SMS_DAILY_BUDGET).
alter table restaurants
  add column sms_daily_budget integer not null default 200
    check (sms_daily_budget between 1 and 10000);

-- Codes sent a day: `scope` is a restaurant's id (its day in its time zone) or '' for the whole
-- server (the UTC day). One row per scope and day, counted up by a compare-and-set that stops at
-- the budget, so nodes sharing the database never send past it. `nearly_spent_at` and `spent_at`
-- say when the managers were told that 80 % and all of the day's budget were used.
create table sms_daily_sends (
  scope text not null check (scope = '' or scope ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  day date not null,
  sent integer not null check (sent >= 0),
  nearly_spent_at timestamptz,
  spent_at timestamptz,
  primary key (scope, day)
);
