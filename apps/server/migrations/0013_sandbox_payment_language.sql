-- The sandbox acquirer's page speaks the diner's language and writes amounts in the shop's
-- locale, as the shop asked when it made the payment (a real acquirer takes a locale too).
alter table sandbox_acquirer_payments
  add column language text not null default 'ru' check (language in ('ru', 'en')),
  add column locale text not null default 'ru-RU';
