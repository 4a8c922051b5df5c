-- T-Bank acquiring as a restaurant's acquirer (issue 29, decision 0132). `payment_accounts`
-- (0048) allowed only `sandbox`, `yookassa` and `none`, and its one stored account belonged to
-- YooKassa by implication. Now a row names whose account it holds (`account_provider`), so a
-- payment YooKassa holds is never read back with a T-Bank terminal's password and the reverse.
-- Older rows: every stored account was YooKassa's (the only acquirer with one), and says so.
alter table payment_accounts drop constraint payment_accounts_provider_check;
alter table payment_accounts drop constraint payment_accounts_check;
alter table payment_accounts
  add constraint payment_accounts_provider_check
    check (provider in ('sandbox', 'yookassa', 'tbank', 'none'));
alter table payment_accounts
  add column account_provider text check (account_provider in ('yookassa', 'tbank'));
update payment_accounts set account_provider = 'yookassa' where account_id is not null;
alter table payment_accounts
  -- An account is somebody's; an acquirer that needs one has its own, with its secret.
  add constraint payment_accounts_account_owner_check
    check ((account_id is null) = (account_provider is null)),
  add constraint payment_accounts_check
    check (
      provider not in ('yookassa', 'tbank')
      or (account_provider = provider and account_id is not null and secret_sealed is not null)
    );
-- A T-Bank notification names its terminal: the restaurants that hold it are found by it.
create index payment_accounts_account on payment_accounts (account_provider, account_id);
