-- Wrong secrets are counted per login *and* per place they come from (decision 0108): a known
-- device (`device:…`), an address (`address:…`), a signed-in session changing its PIN
-- (`session:…`), and '' for the whole account, which only guesses from unknown places reach.
-- The rows so far counted a login from anywhere: they become its account-wide rows.
alter table garcon_login_failures add column source text not null default '';
-- When the managers were last told the account is under attack (its account-wide row only).
alter table garcon_login_failures add column alerted_at timestamptz;
alter table garcon_login_failures drop constraint garcon_login_failures_pkey;
alter table garcon_login_failures add primary key (restaurant_id, actor, login, source);

-- Devices a login signed in on: their guesses back off apart from everyone else's. The id is
-- the one in the device's signed cookie; forgotten when the login is not used there for 90 days.
create table sign_in_devices (
  restaurant_id text not null references restaurants (id) on delete cascade,
  actor text not null check (actor in ('garcon', 'manager', 'kitchen')),
  login text not null,
  device text not null,
  last_signed_in_at timestamptz not null,
  primary key (restaurant_id, actor, login, device)
);
create index sign_in_devices_by_age on sign_in_devices (last_signed_in_at);

-- Keys the server makes once and every node shares: `sign-in-device` signs device cookies.
create table server_keys (
  name text primary key,
  secret text not null
);
