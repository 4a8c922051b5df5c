-- Each restaurant's acquirer (issue 29, decision 0121): which one takes its online payments
-- (`sandbox`, `yookassa`, or `none`; T-Bank comes as one more name), the account there (YooKassa's
-- shop id; T-Bank's terminal key), its secret key sealed with SECRETS_KEY (AES-256-GCM, never
-- stored in the clear) and the last four characters a manager sees of it, test or live, and the
-- ways to pay it offers. A restaurant without a row is served as before: by the server's
-- PAYMENT_PROVIDER (decision 0032). No older row changes.
create table payment_accounts (
  restaurant_id text primary key references restaurants (id) on delete cascade,
  provider text not null check (provider in ('sandbox', 'yookassa', 'none')),
  account_id text check (account_id is null or length(account_id) between 1 and 100),
  secret_sealed text check (secret_sealed is null or length(secret_sealed) <= 2000),
  secret_last4 text check (secret_last4 is null or length(secret_last4) between 1 and 4),
  live boolean not null default false,
  methods text[] not null default array['card', 'sbp']
    check (methods <@ array['card', 'sbp']::text[]),
  updated_at timestamptz not null default now(),
  -- An acquirer that needs an account has one, with its secret.
  check (provider not in ('yookassa') or (account_id is not null and secret_sealed is not null))
);
