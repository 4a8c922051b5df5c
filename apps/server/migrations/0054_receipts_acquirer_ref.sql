-- A receipt that went with the acquirer's payment or refund and that its receipt service
-- refused can be sent again by YooKassa's `POST /v3/receipts` (decision 0147), which names the
-- payment or refund it is for. `provider_id` then holds the new receipt's id (`rt-…`), read back
-- with `GET /v3/receipts/{id}`; `acquirer_ref` keeps the acquirer's payment or refund id the
-- receipt first went with, filled by the first retry. Older rows: null, and `provider_id` still
-- holds that id, which the first retry copies.
alter table receipts add column acquirer_ref text;
