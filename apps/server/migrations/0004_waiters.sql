-- Waiters (garcon) and their sign-in sessions (issue 6).

create table waiters (
  id uuid primary key default gen_random_uuid(),
  restaurant_id text not null references restaurants (id) on delete cascade,
  name text not null check (length(name) between 1 and 100),
  -- Stored lower-case: a phone keyboard capitalises the first letter.
  login text not null check (login ~ '^[^[:space:][:upper:]]{1,64}$'),
  -- scrypt$N$r$p$salt$key (base64url), a salt per waiter.
  pin_hash text not null,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  unique (restaurant_id, login)
);

-- A sign-in. Only the sha256 of the token is kept: a copy of the database signs no one in.
create table garcon_sessions (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  waiter_id uuid not null references waiters (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index garcon_sessions_by_waiter on garcon_sessions (waiter_id, expires_at);
