-- An order's payment state says what its own online payment did (issue 28, decision 0113):
-- `pending` while one is in progress, `failed` once it failed or was given up and nothing has
-- paid the order yet (the waiter collects it or cancels the order).
alter table orders drop constraint orders_payment_status_check;
alter table orders add constraint orders_payment_status_check check (
  payment_status in ('unpaid', 'pending', 'failed', 'paid', 'refunded')
);

-- Older rows: an unpaid online order whose own payment is in progress is `pending`, and one
-- whose last own payment failed or was cancelled is `failed`.
update orders o set payment_status = case p.status when 'pending' then 'pending' else 'failed' end
from (
  select distinct on (order_id) order_id, status
  from payments
  where purpose = 'order'
  order by order_id, created_at desc
) p
where p.order_id = o.id
  and o.payment_status = 'unpaid'
  and o.status <> 'cancelled'
  and o.payment_method in ('card', 'sbp')
  and p.status in ('pending', 'failed', 'cancelled');
