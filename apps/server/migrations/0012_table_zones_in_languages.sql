-- A table's zone is text diners read, so it comes in the languages of the menu, like a
-- dish's name: {"ru": "Зал", "en": "Hall"} (issue 14: "Стол 2 · hall" on a Russian page).
-- A zone written before is kept as the restaurant's Russian text; the demo's English
-- keys become its words in both languages.
alter table restaurant_tables
  alter column zone type jsonb using (
    case
      when zone is null or btrim(zone) = '' then null
      when zone = 'hall' then '{"ru": "Зал", "en": "Hall"}'::jsonb
      when zone = 'terrace' then '{"ru": "Терраса", "en": "Terrace"}'::jsonb
      else jsonb_build_object('ru', btrim(zone))
    end
  );
