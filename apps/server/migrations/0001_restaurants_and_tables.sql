-- Restaurants and the tables whose QR codes open a table session.
create table restaurants (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  name text not null check (length(name) between 1 and 200),
  locale text not null default 'ru-RU',
  default_language text not null default 'ru' check (default_language in ('ru', 'en')),
  currency char(3) not null default 'RUB',
  timezone text not null default 'Europe/Moscow',
  created_at timestamptz not null default now()
);

create table restaurant_tables (
  id uuid primary key default gen_random_uuid(),
  restaurant_id text not null references restaurants (id) on delete cascade,
  -- The code printed in the table's QR link: /rest/{restaurant_id}/init?table={code}
  code text not null check (code ~ '^[A-Za-z0-9_-]{1,32}$'),
  label text not null check (length(label) between 1 and 60),
  zone text,
  seats integer not null default 4 check (seats between 1 and 100),
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  unique (restaurant_id, code)
);
