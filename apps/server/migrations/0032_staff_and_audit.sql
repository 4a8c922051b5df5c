-- Managers and kitchen staff (issue 17, decision 0062): one table of staff accounts with a
-- role, their sign-in sessions as waiters have theirs, and the audit log of every change a
-- manager makes (decision 0063).

create table staff (
  id uuid primary key default gen_random_uuid(),
  restaurant_id text not null references restaurants (id) on delete cascade,
  role text not null check (role in ('manager', 'kitchen')),
  name text not null check (length(name) between 1 and 100),
  -- Stored lower-case, as waiters' logins are.
  login text not null check (login ~ '^[^[:space:][:upper:]]{1,64}$'),
  -- scrypt$N$r$p$salt$key of a manager's password or a kitchen's PIN.
  secret_hash text not null,
  -- A manager's TOTP secret (base32) once they turned it on; null: password alone.
  totp_secret text check (totp_secret ~ '^[A-Z2-7]{16,128}$'),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  unique (restaurant_id, login)
);

-- A sign-in. Only the sha256 of the token is kept, as for waiters.
create table staff_sessions (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  staff_id uuid not null references staff (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  last_used_at timestamptz
);
create index staff_sessions_by_staff on staff_sessions (staff_id, expires_at);

-- Wrong secrets per login are counted for every kind of account (decision 0029): the waiters'
-- table gains the actor, so one login at a restaurant backs off per kind of sign-in.
alter table garcon_login_failures add column actor text not null default 'garcon'
  check (actor in ('garcon', 'manager', 'kitchen'));
alter table garcon_login_failures drop constraint garcon_login_failures_pkey;
alter table garcon_login_failures add primary key (restaurant_id, actor, login);

-- Who changed what, when, with the row before and after as the manager saw it. Appended only.
create table audit_log (
  id bigint generated always as identity primary key,
  restaurant_id text not null references restaurants (id) on delete cascade,
  -- Kept when the manager is later removed: the name says who it was.
  actor_id uuid references staff (id) on delete set null,
  actor_name text not null,
  action text not null check (action ~ '^[a-z_]{1,40}$'),
  entity text not null check (entity ~ '^[a-z_]{1,40}$'),
  entity_id text check (length(entity_id) <= 200),
  before jsonb,
  after jsonb,
  at timestamptz not null default now()
);
create index audit_log_by_restaurant on audit_log (restaurant_id, id desc);
