-- A restaurant's profile (issue 29, decision 0115): its name in English beside the Russian one
-- (`name`), who it is before the tax office (legal name, INN, tax system by АТОЛ/T-Bank's names)
-- and the VAT rate its receipts default to. Older rows have none of them until a manager sets
-- them.
alter table restaurants
  add column name_en text check (name_en is null or length(name_en) between 1 and 200),
  add column legal_name text check (legal_name is null or length(legal_name) between 1 and 300),
  add column inn text check (inn is null or inn ~ '^([0-9]{10}|[0-9]{12})$'),
  add column tax_system text
    check (tax_system in ('osn', 'usn_income', 'usn_income_outcome', 'esn', 'patent')),
  add column vat_rate text check (vat_rate in (
    'none', 'vat0', 'vat5', 'vat7', 'vat10', 'vat20', 'vat22',
    'vat105', 'vat107', 'vat110', 'vat120', 'vat122'
  ));

-- Phones are kept in E.164 from now on: an older row's number written with a country code
-- (`+7 495 123-45-67`) becomes `+74951234567`; any other text stays as it was, and is shown so.
update restaurants
  set phone = '+' || regexp_replace(phone, '[^0-9]', '', 'g')
  where phone ~ '^\s*\+[0-9][0-9 ()-]{6,30}$'
    and length(regexp_replace(phone, '[^0-9]', '', 'g')) between 8 and 15;
