-- The bonus card (issue 16, decision 0055): a restaurant's programme, a card per diner and
-- restaurant, and an append-only ledger of points whose sum is the card's balance. The sum is
-- kept by triggers, not by the code that writes entries, so no path can write an entry without
-- moving the balance; the balance's check refuses any entry that would take it below zero,
-- whoever writes it and however many write at once (they queue on the card's row).

create table bonus_programs (
  restaurant_id text primary key references restaurants (id) on delete cascade,
  -- Points earned on the money actually paid, in basis points (500 = 5 %).
  earn_basis_points integer not null check (earn_basis_points between 0 and 10000),
  -- The largest share of an order's total payable in points (3000 = 30 %).
  max_share_basis_points integer not null check (max_share_basis_points between 0 and 10000),
  -- Points expire this many days after they become available.
  expiry_days integer not null check (expiry_days between 1 and 3650),
  welcome_points integer not null default 0 check (welcome_points >= 0),
  birthday_points integer not null default 0 check (birthday_points >= 0),
  active boolean not null default true
);

create table bonus_cards (
  id uuid primary key default gen_random_uuid(),
  restaurant_id text not null references restaurants (id) on delete cascade,
  -- The diner's profile (the profile's table comes with sign-in; its foreign key then).
  client_id uuid not null,
  -- Twelve digits, shown with a QR code to a waiter.
  number text not null unique check (number ~ '^[0-9]{12}$'),
  balance integer not null default 0 check (balance >= 0),
  pending integer not null default 0 check (pending >= 0),
  created_at timestamptz not null default now(),
  unique (restaurant_id, client_id)
);

-- One point is one unit of the restaurant's currency (100 minor units).
create table bonus_entries (
  id uuid primary key default gen_random_uuid(),
  -- The order entries were written in, for the ledger's order and the oldest-first rule.
  seq bigint generated always as identity unique,
  card_id uuid not null references bonus_cards (id) on delete cascade,
  kind text not null
    check (kind in ('earn', 'spend', 'expire', 'reverse', 'adjust', 'welcome', 'birthday')),
  points integer not null check (points <> 0),
  -- An earn waits (pending) until its order is completed and paid; then available, or void
  -- when its order is cancelled or refunded first. Every other entry is available at once.
  status text not null check (status in ('pending', 'available', 'void')),
  -- A credit's points not spent, expired or reversed yet (oldest spent first).
  remaining integer check (remaining >= 0 and remaining <= points),
  expires_at timestamptz,
  order_id uuid references orders (id) on delete set null,
  payment_id uuid references payments (id) on delete set null,
  -- The entry this one gives back or takes back (a spend returned, an earn reversed).
  reverses_id uuid references bonus_entries (id),
  note text check (length(note) <= 200),
  created_at timestamptz not null,
  check ((points > 0) = (remaining is not null)),
  check (status = 'available' or kind = 'earn')
);

create index bonus_entries_by_card on bonus_entries (card_id, seq);
create index bonus_entries_by_order on bonus_entries (order_id) where order_id is not null;
create index bonus_entries_by_payment on bonus_entries (payment_id) where payment_id is not null;
-- Credits still holding points, oldest to expire first: what a spend or the expiry sweep takes.
create index bonus_entries_open_credits on bonus_entries (card_id, expires_at, seq)
  where remaining > 0 and status = 'available';
-- A spend is given back at most once.
create unique index bonus_entries_one_return on bonus_entries (reverses_id)
  where kind = 'reverse' and points > 0;

-- Which credits a debit took its points from, so that a spend given back restores them.
create table bonus_allocations (
  debit_id uuid not null references bonus_entries (id) on delete cascade,
  credit_id uuid not null references bonus_entries (id) on delete cascade,
  points integer not null check (points > 0),
  primary key (debit_id, credit_id)
);

create function bonus_entry_inserted() returns trigger language plpgsql as $$
begin
  if new.status = 'available' then
    update bonus_cards set balance = balance + new.points where id = new.card_id;
  elsif new.status = 'pending' then
    update bonus_cards set pending = pending + new.points where id = new.card_id;
  end if;
  return new;
end $$;

create trigger bonus_entry_inserted after insert on bonus_entries
  for each row execute function bonus_entry_inserted();

-- Append-only: an entry's facts never change. What may: a pending earn becomes available or
-- void (once), and a credit's remaining points go down as they are taken, or back up as a spend
-- taken from it is given back.
create function bonus_entry_updated() returns trigger language plpgsql as $$
begin
  if (new.id, new.seq, new.card_id, new.kind, new.points, new.reverses_id, new.created_at)
      is distinct from
      (old.id, old.seq, old.card_id, old.kind, old.points, old.reverses_id, old.created_at)
    or (new.order_id is distinct from old.order_id and new.order_id is not null)
    or (new.payment_id is distinct from old.payment_id and new.payment_id is not null) then
    raise exception 'bonus entries are append-only';
  end if;
  if new.status <> old.status then
    if old.status <> 'pending' then
      raise exception 'only a pending earn changes status';
    end if;
    update bonus_cards set pending = pending - old.points,
      balance = balance + case when new.status = 'available' then new.points else 0 end
      where id = new.card_id;
  end if;
  return new;
end $$;

create trigger bonus_entry_updated before update on bonus_entries
  for each row execute function bonus_entry_updated();

create function bonus_entry_deleted() returns trigger language plpgsql as $$
begin
  -- Only with its card (a profile deleted): the cascade has removed the card by now.
  if exists (select 1 from bonus_cards where id = old.card_id) then
    raise exception 'bonus entries are append-only';
  end if;
  return old;
end $$;

create trigger bonus_entry_deleted before delete on bonus_entries
  for each row execute function bonus_entry_deleted();
