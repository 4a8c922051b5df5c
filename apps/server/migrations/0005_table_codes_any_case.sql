-- A table's code is looked up without regard to case (a QR scanner or a person typing it may
-- change the case), so one restaurant's tables may not differ by case alone. The index also
-- serves that lookup.
create unique index restaurant_tables_code_any_case on restaurant_tables (restaurant_id, lower(code));
