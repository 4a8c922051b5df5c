-- The birthday bonus (issue 16, decision 0058): the programme's birthday points, credited on
-- the diner's birthday once a year. A birthday entry names its year in its note, and the
-- database lets a card have one entry for a year, whoever writes it and however many sweepers
-- run at once.
alter table bonus_entries
  add constraint bonus_entries_birthday_year
    check (kind <> 'birthday' or (note is not null and note ~ '^birthday [0-9]{4}$'));

create unique index bonus_entries_one_birthday_a_year on bonus_entries (card_id, note)
  where kind = 'birthday';
