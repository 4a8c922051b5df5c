-- Sign-in codes sent by SMS (decision 0051). One live code per phone: a new one replaces it.
-- The code is kept as HMAC-SHA256 under a server secret that is not in the database, so a copy
-- of the database does not give codes away (a 6-digit code hashed without a secret is found
-- in a million tries).
create table client_sign_in_codes (
  phone text primary key,
  code_hash text not null,
  -- The restaurant whose page asked; the code signs in there.
  restaurant_id text not null references restaurants (id) on delete cascade,
  sent_at timestamptz not null,
  expires_at timestamptz not null,
  -- Taken one at a time before a code is compared, so guesses sent together cannot all pass.
  tries_left integer not null check (tries_left >= 0)
);

-- Every code sent, for the caps per number (5 an hour, 10 a day); rows older than a day go.
create table client_sign_in_sends (
  phone text not null,
  sent_at timestamptz not null
);
create index client_sign_in_sends_by_phone on client_sign_in_sends (phone, sent_at);
create index client_sign_in_sends_by_age on client_sign_in_sends (sent_at);
