-- Issue 18: a library's bookings and payments no longer take turns on the dashboard's totals.
--
-- Measured (bench/booking at 0026's parent, pg_stat_activity sampled every 5 ms during its two
-- rounds of 1,000 attempts): of the app's 20 connections, 17.4 on average were waiting on an
-- advisory lock in the plan's insert. The bookings of one library waited for each other on
-- migration 0019's per-library lock
-- (dashboard_lock, an exclusive advisory lock every write of a fee or a plan took and held to
-- COMMIT), and behind it on the rows they all update in place: every booking of a round adds to
-- the same day's (mode, plan) row of dashboard_fee_totals and the same days' rows of
-- dashboard_plan_changes. So from the plan's insert to COMMIT they ran one at a time.
--
-- Now:
-- - Both tables have a row per writer `slot` (the writing backend's process id modulo 64): two
--   transactions in flight are two backends, so they add to different rows (unless their ids
--   meet modulo 64) and neither waits for the other. The dashboard already sums the rows it
--   reads; a group's figures are the sum of its slots' rows. The rows stay few (at most one per
--   slot for a library's day and group, and a pool's connections are a handful of slots), so
--   nothing needs compacting. A slot's row that holds nothing is deleted, as before.
-- - A fee write takes its library's lock in shared mode (fee writers never wait for each other);
--   a change of time zone, which rebuilds the library's totals, still takes it exclusively, so
--   it waits for the fee writes in flight and they for it, as before.
-- - A plan write (and a student leaving or returning) takes a lock per student (1,024 keys by
--   library and student) instead of the library's: what it adds is the change of that student's
--   spans, worked out from their other plans, so two writes of one student's plans still take
--   turns; two students' never do (unless their keys meet, 1 in 1,024).
-- - subscription_balances (0021) took the library's lock only to order itself after it; with no
--   exclusive lock left on the write path, its rows (in subscription order) are all it takes.
ALTER TABLE "dashboard_fee_totals" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_plan_changes" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_fee_totals" DROP CONSTRAINT "dashboard_fee_totals_pkey";
--> statement-breakpoint
ALTER TABLE "dashboard_fee_totals" ADD CONSTRAINT "dashboard_fee_totals_pkey" PRIMARY KEY("library_id","unit","day","mode","duration","is_reserved","slot");--> statement-breakpoint
ALTER TABLE "dashboard_plan_changes" DROP CONSTRAINT "dashboard_plan_changes_pkey";
--> statement-breakpoint
ALTER TABLE "dashboard_plan_changes" ADD CONSTRAINT "dashboard_plan_changes_pkey" PRIMARY KEY("library_id","day","members","duration","slot");
--> statement-breakpoint
-- The slot of the writing transaction: its backend's process id modulo 64.
CREATE FUNCTION "dashboard_slot"() RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT (pg_backend_pid() % 64)::smallint
$$;
--> statement-breakpoint
-- What a fee write takes: its libraries' locks (0019's keys) in shared mode, in key order.
CREATE FUNCTION "dashboard_share_lock"("libs" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  key integer;
BEGIN
  FOR key IN SELECT DISTINCT hashtext(l::text) & 1023 FROM unnest(libs) l ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock_shared(18019, key);
  END LOOP;
END
$$;
--> statement-breakpoint
-- What a write of plans takes: a lock per student (1,024 keys from the library and the student),
-- in key order, held to COMMIT. A bulk write across thousands of students takes at most 1,024.
CREATE FUNCTION "dashboard_students_lock"("libs" uuid[], "students" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  key integer;
BEGIN
  FOR key IN SELECT DISTINCT hashtext(u.l::text || u.s::text) & 1023 FROM unnest(libs, students) AS u(l, s) ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(18026, key);
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "dashboard_fees_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text := CASE WHEN TG_OP = 'DELETE' THEN '(SELECT * FROM old_rows WHERE false)' ELSE 'new_rows' END;
  removed text := CASE WHEN TG_OP = 'INSERT' THEN '(SELECT * FROM new_rows WHERE false)' ELSE 'old_rows' END;
  changes text;
  libs uuid[];
BEGIN
  changes := format($q$
    SELECT c.*, 1 AS sign FROM (
      SELECT f.library_id, f.created_at, f.mode, f.duration, f.is_reserved, f.kind, f.amount FROM %1$s f WHERE f.voided_at IS NULL
      EXCEPT ALL
      SELECT f.library_id, f.created_at, f.mode, f.duration, f.is_reserved, f.kind, f.amount FROM %2$s f WHERE f.voided_at IS NULL
    ) c
    UNION ALL
    SELECT c.*, -1 FROM (
      SELECT f.library_id, f.created_at, f.mode, f.duration, f.is_reserved, f.kind, f.amount FROM %2$s f WHERE f.voided_at IS NULL
      EXCEPT ALL
      SELECT f.library_id, f.created_at, f.mode, f.duration, f.is_reserved, f.kind, f.amount FROM %1$s f WHERE f.voided_at IS NULL
    ) c$q$, added, removed);
  EXECUTE format('SELECT array_agg(DISTINCT library_id) FROM (%s) c', changes) INTO libs;
  IF libs IS NULL THEN
    RETURN NULL;
  END IF;
  -- Before the time zone is read: a change of zone commits first (and this reads the new zone), or waits.
  PERFORM dashboard_share_lock(libs);
  EXECUTE format($q$
    INSERT INTO dashboard_fee_totals AS t (library_id, unit, day, mode, duration, is_reserved, amount, transactions, sales, fees, slot)
    SELECT b.library_id, b.unit, b.day, b.mode, b.duration, b.is_reserved, sum(b.sign * b.amount),
           coalesce(sum(b.sign) FILTER (WHERE b.kind <> 'adjustment'), 0),
           coalesce(sum(b.sign) FILTER (WHERE b.kind IN ('new', 'renewal')), 0), sum(b.sign), dashboard_slot()
    FROM (
      SELECT c.library_id, c.mode, c.duration, c.is_reserved, c.kind, c.amount, c.sign, u.unit,
             CASE u.unit WHEN 'day' THEN d.day ELSE date_trunc('month', d.day)::date END AS day
      FROM (%s) c
      JOIN libraries l ON l.id = c.library_id
      CROSS JOIN LATERAL (SELECT (c.created_at AT TIME ZONE l.time_zone)::date AS day) d
      CROSS JOIN (VALUES ('day'), ('month')) u(unit)
    ) b
    GROUP BY b.library_id, b.unit, b.day, b.mode, b.duration, b.is_reserved
    HAVING sum(b.sign * b.amount) <> 0 OR sum(b.sign) <> 0
        OR coalesce(sum(b.sign) FILTER (WHERE b.kind <> 'adjustment'), 0) <> 0
        OR coalesce(sum(b.sign) FILTER (WHERE b.kind IN ('new', 'renewal')), 0) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (library_id, unit, day, mode, duration, is_reserved, slot) DO UPDATE
      SET amount = t.amount + excluded.amount, transactions = t.transactions + excluded.transactions,
          sales = t.sales + excluded.sales, fees = t.fees + excluded.fees$q$, changes);
  -- Only this slot's rows: another slot's row may cancel this one's without either being empty.
  DELETE FROM dashboard_fee_totals
  WHERE library_id = ANY(libs) AND fees = 0 AND slot = dashboard_slot() AND amount = 0 AND transactions = 0 AND sales = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "dashboard_plan_upsert"("spans" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    WITH s AS (%s),
    marked AS (
      SELECT s.*, CASE WHEN s.first_day <= max(s.last_day) OVER (
                     PARTITION BY s.library_id, s.student_id, s.side, s.members, s.duration
                     ORDER BY s.first_day, s.last_day ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) + 1
                   THEN 0 ELSE 1 END AS starts
      FROM s
    ),
    numbered AS (
      SELECT m.*, sum(m.starts) OVER (
               PARTITION BY m.library_id, m.student_id, m.side, m.members, m.duration
               ORDER BY m.first_day, m.last_day ROWS UNBOUNDED PRECEDING) AS island
      FROM marked m
    ),
    islands AS (
      SELECT library_id, side, members, duration, min(first_day) AS first_day, max(last_day) AS last_day
      FROM numbered GROUP BY library_id, student_id, side, members, duration, island
    ),
    deltas AS (
      SELECT library_id, first_day AS day, members, duration, side AS delta FROM islands
      UNION ALL
      SELECT library_id, last_day + 1, members, duration, -side FROM islands
    )
    INSERT INTO dashboard_plan_changes AS t (library_id, day, members, duration, delta, slot)
    SELECT d.library_id, d.day, d.members, d.duration, sum(d.delta), dashboard_slot()
    FROM deltas d
    WHERE EXISTS (SELECT 1 FROM libraries l WHERE l.id = d.library_id)
    GROUP BY d.library_id, d.day, d.members, d.duration
    HAVING sum(d.delta) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (library_id, day, members, duration, slot) DO UPDATE SET delta = t.delta + excluded.delta$q$, spans);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "dashboard_subscriptions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text := CASE WHEN TG_OP = 'DELETE' THEN '(SELECT * FROM old_rows WHERE false)' ELSE 'new_rows' END;
  removed text := CASE WHEN TG_OP = 'INSERT' THEN '(SELECT * FROM new_rows WHERE false)' ELSE 'old_rows' END;
  spans text;
  libs uuid[];
  students uuid[];
BEGIN
  spans := format($q$
    WITH n AS (SELECT * FROM %1$s AS src),
    o AS (SELECT * FROM %2$s AS src),
    changed AS (
      SELECT DISTINCT c.library_id, c.student_id FROM (
        (SELECT id, library_id, student_id, duration_months, joining_date, plan_expires_at FROM n
         EXCEPT ALL
         SELECT id, library_id, student_id, duration_months, joining_date, plan_expires_at FROM o)
        UNION ALL
        (SELECT id, library_id, student_id, duration_months, joining_date, plan_expires_at FROM o
         EXCEPT ALL
         SELECT id, library_id, student_id, duration_months, joining_date, plan_expires_at FROM n)
      ) c
    ),
    current_rows AS (
      SELECT sub.id, sub.library_id, sub.student_id, sub.duration_months, sub.joining_date, sub.plan_expires_at
      FROM subscriptions sub JOIN changed c ON c.library_id = sub.library_id AND c.student_id = sub.student_id
    ),
    plans AS (
      SELECT r.library_id, r.student_id, 1 AS side, r.duration_months, r.joining_date, r.plan_expires_at
      FROM current_rows r
      UNION ALL
      SELECT r.library_id, r.student_id, -1, r.duration_months, r.joining_date, r.plan_expires_at
      FROM current_rows r WHERE NOT EXISTS (SELECT 1 FROM n WHERE n.id = r.id)
      UNION ALL
      SELECT o.library_id, o.student_id, -1, o.duration_months, o.joining_date, o.plan_expires_at
      FROM o JOIN changed c ON c.library_id = o.library_id AND c.student_id = o.student_id
    )
    SELECT p.library_id, p.student_id, p.side, m.members, CASE WHEN m.members THEN 0 ELSE p.duration_months END AS duration,
           p.joining_date AS first_day, p.plan_expires_at AS last_day
    FROM plans p
    LEFT JOIN students st ON st.id = p.student_id
    CROSS JOIN (VALUES (false), (true)) m(members)
    WHERE NOT m.members OR st.status = 'active'$q$, added, removed);
  EXECUTE format('SELECT array_agg(library_id), array_agg(student_id) FROM (SELECT DISTINCT library_id, student_id FROM (%s) s) s', spans)
    INTO libs, students;
  IF libs IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM dashboard_students_lock(libs, students);
  -- Run again after the locks: it reads the students' plans as the writes before this one left them.
  EXECUTE dashboard_plan_upsert(spans);
  DELETE FROM dashboard_plan_changes WHERE library_id = ANY(libs) AND delta = 0 AND slot = dashboard_slot();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "dashboard_students_status_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  spans text := $q$
    SELECT sub.library_id, sub.student_id, CASE WHEN n.status = 'active' THEN 1 ELSE -1 END AS side, true AS members,
           0 AS duration, sub.joining_date AS first_day, sub.plan_expires_at AS last_day
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    JOIN subscriptions sub ON sub.library_id = n.library_id AND sub.student_id = n.id
    WHERE (n.status = 'active') <> (o.status = 'active')$q$;
  libs uuid[];
  students uuid[];
BEGIN
  EXECUTE format('SELECT array_agg(library_id), array_agg(student_id) FROM (SELECT DISTINCT library_id, student_id FROM (%s) s) s', spans)
    INTO libs, students;
  IF libs IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM dashboard_students_lock(libs, students);
  EXECUTE dashboard_plan_upsert(spans);
  DELETE FROM dashboard_plan_changes WHERE library_id = ANY(libs) AND delta = 0 AND slot = dashboard_slot();
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- 0021's, without the library's lock (see the head of this file).
CREATE OR REPLACE FUNCTION "subscription_balances_change"("subs" uuid[], "libs" uuid[], "prices" numeric[], "paids" numeric[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO subscription_balances AS b (subscription_id, library_id, price, paid)
  SELECT c.s, c.l, sum(c.p), sum(c.q) FROM unnest(subs, libs, prices, paids) AS c(s, l, p, q)
  WHERE EXISTS (SELECT 1 FROM subscriptions x WHERE x.id = c.s)
  GROUP BY c.s, c.l HAVING sum(c.p) <> 0 OR sum(c.q) <> 0
  ORDER BY c.s
  ON CONFLICT (subscription_id) DO UPDATE SET price = b.price + excluded.price, paid = b.paid + excluded.paid;
END
$$;
