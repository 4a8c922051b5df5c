-- Where a signed-in diner's fiscal receipts go (issue 29, decision 0142): an email in lower case
-- or a mobile number in E.164, kept on the profile so the next payment on any device is
-- prefilled. Older profiles have none: the diner is asked at their next payment, as before.
alter table clients add column receipt_contact text
  check (receipt_contact is null or length(receipt_contact) between 3 and 254);
