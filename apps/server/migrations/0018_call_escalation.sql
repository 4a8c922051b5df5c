-- Waiters' alerts, the rest of them, and the escalation of unanswered calls (issue 15,
-- decision 0045).

-- How long a call waits for a waiter of its table to answer before every waiter on shift hears
-- it. A restaurant setting; a minute unless set.
alter table restaurants
  add column call_escalation_seconds integer not null default 60
    check (call_escalation_seconds between 10 and 3600);

-- When an open call escalates (stored, so a restart or another node picks it up), and when it
-- did: the sweeper takes due calls with `for update skip locked` and stamps them in the same
-- transaction as their alerts, so no call escalates twice.
alter table waiter_calls
  add column escalate_at timestamptz,
  add column escalated_at timestamptz;
create index waiter_calls_escalation_due on waiter_calls (escalate_at)
  where status = 'open' and escalated_at is null and escalate_at is not null;

-- A waiter has a call's alert once: the first one, or the escalation's.
create unique index garcon_alerts_one_per_call on garcon_alerts (call_id, waiter_id)
  where call_id is not null;

-- Who hears what happens at a table (decision 0042), as one rule the SQL of every alert uses:
-- its waiters on shift; when none is, every waiter on shift; when nobody is, every waiter.
-- One plain select, so the planner inlines it where it is called (once per order placed).
create function garcon_hearers(p_restaurant_id text, p_table_id uuid) returns setof uuid
language sql stable as $$
  select w.id from waiters w
  where w.restaurant_id = p_restaurant_id and w.active and case
    when exists (
      select 1 from waiter_tables wt join waiters s on s.id = wt.waiter_id
      where wt.table_id = p_table_id and s.restaurant_id = p_restaurant_id
        and s.active and s.on_shift
    ) then w.on_shift and exists (
      select 1 from waiter_tables mine where mine.table_id = p_table_id and mine.waiter_id = w.id
    )
    when exists (
      select 1 from waiters o where o.restaurant_id = p_restaurant_id and o.active and o.on_shift
    ) then w.on_shift
    else true
  end
$$;
