-- A table is joined by the unguessable token its QR code carries, never by its code (decision
-- 0026): /rest/{restaurant_id}/init?table={qr_token}. The server makes a token from 128 random
-- bits; the default (two random uuids, 244 random bits) gives every other row one too, and
-- fills the tables that exist already.
alter table restaurant_tables add column qr_token text;
alter table restaurant_tables alter column qr_token set default rtrim(translate(encode(decode(
  replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'),
  '+/', '-_'), '=');
update restaurant_tables set qr_token = default;
alter table restaurant_tables alter column qr_token set not null;
alter table restaurant_tables add constraint restaurant_tables_qr_token_format
  check (qr_token ~ '^[A-Za-z0-9_-]{22,64}$');
alter table restaurant_tables add constraint restaurant_tables_qr_token_key unique (qr_token);

-- Tokens a table had before its QR code was replaced: they join nothing, but a diner who scans
-- an old print is told that it was replaced rather than that it is wrong.
create table retired_table_qr_tokens (
  qr_token text primary key,
  restaurant_id text not null references restaurants (id) on delete cascade,
  table_id uuid not null references restaurant_tables (id) on delete cascade,
  retired_at timestamptz not null default now()
);
