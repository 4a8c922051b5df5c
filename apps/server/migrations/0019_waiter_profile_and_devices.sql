-- The waiter's profile (issue 15): the language their screens speak on every device they sign
-- in on (null: the device's own choice), and what "my devices" shows of each sign-in: an id
-- that is not the token's hash, the browser that signed in, and when it was last used.
alter table waiters
  add column language text check (language in ('ru', 'en'));

alter table garcon_sessions
  add column id uuid not null unique default gen_random_uuid(),
  add column user_agent text check (length(user_agent) <= 300),
  add column last_used_at timestamptz;

-- What the diner may leave with a tip (1–5 and a few words), shown on the waiter's tips.
alter table tips
  add column rating smallint check (rating between 1 and 5),
  add column comment text check (length(comment) <= 500);
