-- A device's Web Push subscription belongs to the sign-in that made it (issue 15): signing out
-- there, signing out everywhere or the sign-in expiring stops alerts reaching that phone, which
-- may be in someone else's hands by then. Subscriptions made before this cannot be tied to a
-- sign-in and are dropped; the waiter's screen subscribes again when it opens.
delete from garcon_push_subscriptions;

alter table garcon_push_subscriptions
  add column session_id uuid not null references garcon_sessions (id) on delete cascade;

create index garcon_push_subscriptions_by_session on garcon_push_subscriptions (session_id);
