-- Fiscal receipts under 54-FZ (issue 29, decisions 0133 and 0134).
--
-- How a restaurant sends its receipts: `off` (none: the restaurant issues them itself), through
-- its acquirer's receipt service (`acquirer`: YooKassa's `receipt` object), or through its own
-- online cash register at АТОЛ Онлайн v5 (`atol`: login, password sealed with SECRETS_KEY like the
-- acquirer's secret, group code, the company's email and the payment address). A restaurant
-- without a row sends none, as before.
create table fiscal_settings (
  restaurant_id text primary key references restaurants (id) on delete cascade,
  mode text not null check (mode in ('off', 'acquirer', 'atol')),
  atol_login text check (atol_login is null or length(atol_login) between 1 and 100),
  atol_secret_sealed text check (atol_secret_sealed is null or length(atol_secret_sealed) <= 2000),
  atol_secret_last4 text check (atol_secret_last4 is null or length(atol_secret_last4) between 1 and 4),
  atol_group_code text check (atol_group_code is null or length(atol_group_code) between 1 and 100),
  -- Test (testonline.atol.ru) or live.
  atol_live boolean not null default false,
  company_email text check (company_email is null or length(company_email) between 3 and 100),
  -- The shop's address as its cash register is registered (its site, for payments online).
  payment_address text check (payment_address is null or length(payment_address) between 1 and 300),
  updated_at timestamptz not null default now(),
  check (mode <> 'atol' or (atol_login is not null and atol_secret_sealed is not null
    and atol_group_code is not null and company_email is not null and payment_address is not null))
);

-- A dish or a whole category may take another VAT rate than the restaurant's (null: inherit).
alter table menu_categories add column vat_rate text check (vat_rate in (
  'none', 'vat0', 'vat5', 'vat7', 'vat10', 'vat20', 'vat22',
  'vat105', 'vat107', 'vat110', 'vat120', 'vat122'
));
alter table dishes add column vat_rate text check (vat_rate in (
  'none', 'vat0', 'vat5', 'vat7', 'vat10', 'vat20', 'vat22',
  'vat105', 'vat107', 'vat110', 'vat120', 'vat122'
));

-- Where the diner asked the receipt to go (an email or a phone in E.164); null on older rows and
-- where the restaurant sends none.
alter table payments add column receipt_contact text
  check (receipt_contact is null or length(receipt_contact) between 3 and 254);

-- Every receipt sent for a payment (`sell`) or a refund (`sell_refund`): the provider-neutral
-- receipt as built (`body`), through whom, its state and the provider's id. One per payment and
-- kind, one per refund row: two nodes can never send one twice.
create table receipts (
  id uuid primary key default gen_random_uuid(),
  restaurant_id text not null references restaurants (id) on delete cascade,
  payment_id uuid not null references payments (id) on delete cascade,
  order_id uuid references orders (id) on delete set null,
  refund_id uuid references refunds (id) on delete set null,
  -- The outbox entry of a late success's refund, which has no `refunds` row.
  refund_key text check (refund_key is null or length(refund_key) <= 200),
  kind text not null check (kind in ('sell', 'sell_refund')),
  via text not null check (via in ('acquirer', 'atol')),
  contact text not null check (length(contact) between 3 and 254),
  body jsonb not null,
  total integer not null check (total > 0),
  -- pending: to be sent (the outbox has it); sent: the provider took it and is registering it;
  -- done: registered; failed: the provider refused it or gave up (a manager retries).
  state text not null check (state in ('pending', 'sent', 'done', 'failed')),
  provider_id text check (provider_id is null or length(provider_id) <= 200),
  error text check (error is null or length(error) <= 1000),
  -- Tries that found the provider down; and how many times a manager sent it again (each send
  -- after a refusal is a new document at АТОЛ: its external_id is `{id}.{generation}`).
  attempts integer not null default 0,
  generation integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index receipts_one_sell on receipts (payment_id) where kind = 'sell';
create unique index receipts_one_per_refund on receipts (refund_id) where refund_id is not null;
create unique index receipts_one_per_refund_key on receipts (refund_key) where refund_key is not null;
create index receipts_failed on receipts (restaurant_id, created_at) where state = 'failed';
create index receipts_by_order on receipts (order_id);
