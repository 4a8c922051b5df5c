-- A bonus card is its diner's (decision 0055): deleting the profile (decision 0051) takes its
-- cards and their ledgers with it.
alter table bonus_cards
  add constraint bonus_cards_client_fk foreign key (client_id) references clients (id)
    on delete cascade;
