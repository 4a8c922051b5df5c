-- Spent points come back in parts (issue 28, decision 0131): a part refund or a comp gives back
-- the share of a spend that paid for what it took off, and a later refund or the cancel the
-- rest. A spend was given back at most once (one `reverse` entry); now it may be given back in
-- several, never past its points. Whoever writes a return locks the card first; the trigger
-- locks the spend too, so two returns at once queue and the second sees the first.
-- Rows written before stay as they are: a spend returned once was returned whole.
drop index bonus_entries_one_return;

create index bonus_entries_returns on bonus_entries (reverses_id)
  where kind = 'reverse' and points > 0;

create function bonus_return_within_spend() returns trigger language plpgsql as $$
declare
  spent integer;
  returned integer;
begin
  select -points into spent from bonus_entries
    where id = new.reverses_id and kind = 'spend' for update;
  if spent is null then
    raise exception 'a return gives back a spend';
  end if;
  select coalesce(sum(points), 0) into returned from bonus_entries
    where reverses_id = new.reverses_id and kind = 'reverse' and points > 0;
  if returned + new.points > spent then
    raise exception 'a spend is given back at most its points (% of %, % more asked)',
      returned, spent, new.points;
  end if;
  return new;
end $$;

create trigger bonus_return_within_spend before insert on bonus_entries
  for each row when (new.kind = 'reverse' and new.points > 0)
  execute function bonus_return_within_spend();
