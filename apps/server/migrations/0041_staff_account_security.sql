-- Staff accounts an attacker cannot take over (issue 27, decision 0107). A sign-in gets an id
-- the manager can name to end it, and the device and address it started from; a TOTP secret
-- being set up is kept with the sign-in that asked for it, for ten minutes, so turning TOTP on
-- uses a secret the server issued and never one the browser sends.
alter table staff_sessions
  add column id uuid not null default gen_random_uuid() unique,
  add column user_agent text check (length(user_agent) <= 300),
  add column address text check (length(address) <= 64),
  add column totp_pending_secret text check (totp_pending_secret ~ '^[A-Z2-7]{16,128}$'),
  add column totp_pending_until timestamptz,
  add constraint staff_sessions_totp_pending check (
    (totp_pending_secret is null) = (totp_pending_until is null)
  );
