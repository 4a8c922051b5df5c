-- An order keeps the table as it was named when it was placed (`table_ref`). Migration 0012
-- gave tables' zones the menu's languages but left the orders' copies as plain text, so every
-- dine-in order placed before it answered 500 (issue 26: "table.zone expected object"). They
-- are carried forward with 0012's mapping. An order whose totals exceed the bound 0010 added
-- (not validated for older rows, but checked on any update) is left as it is, so that one such
-- row cannot stop the whole upgrade.
update orders
set table_ref = jsonb_set(
  table_ref,
  '{zone}',
  case
    when btrim(table_ref ->> 'zone') = '' then 'null'::jsonb
    when table_ref ->> 'zone' = 'hall' then '{"ru": "Зал", "en": "Hall"}'::jsonb
    when table_ref ->> 'zone' = 'terrace' then '{"ru": "Терраса", "en": "Terrace"}'::jsonb
    else jsonb_build_object('ru', btrim(table_ref ->> 'zone'))
  end
)
where jsonb_typeof(table_ref -> 'zone') = 'string'
  and subtotal <= 100000000 and service_charge <= 100000000 and delivery_fee <= 100000000
  and discount <= 100000000 and tip <= 100000000 and total <= 100000000;

-- A table reference with no zone at all reads as one outside any zone.
update orders
set table_ref = table_ref || '{"zone": null}'::jsonb
where jsonb_typeof(table_ref) = 'object' and not table_ref ? 'zone'
  and subtotal <= 100000000 and service_charge <= 100000000 and delivery_fee <= 100000000
  and discount <= 100000000 and tip <= 100000000 and total <= 100000000;
