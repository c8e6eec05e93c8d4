-- Issue 18: what the dashboard reads instead of every fee and every running plan.
--
-- dashboard_fee_totals: each library's counted fees (not voided) summed by local day and by local
-- month of the library's time zone, and by payment mode and plan (length, reserved or pool): the
-- money, the transactions (every kind but adjustments), the sales (creations and renewals) and the
-- number of fees (a row whose number falls to 0 is deleted). Kept by statement-level triggers on
-- fees (insert, update, delete) in the same transaction as the write, whichever module writes it;
-- rebuilt for a library in the transaction that changes its time zone.
--
-- dashboard_plan_changes: for each library, by day, how many students start (+) or stop (-)
-- being on a plan of a given length (duration), and, in the members rows, how many members
-- (students not left) start or stop being on any plan. A student's overlapping plans make one
-- span, so the number on a plan on day D is the sum of the changes up to D; as every span
-- ends, it is also minus the sum of the changes after D, which reads only the future rows.
-- Kept by statement-level triggers on subscriptions and on students' status.
CREATE TABLE "dashboard_fee_totals" (
	"library_id" uuid NOT NULL,
	"unit" text NOT NULL,
	"day" date NOT NULL,
	"mode" text NOT NULL,
	"duration" integer NOT NULL,
	"is_reserved" boolean NOT NULL,
	"amount" numeric DEFAULT 0 NOT NULL,
	"transactions" integer DEFAULT 0 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"fees" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_fee_totals_pkey" PRIMARY KEY ("library_id", "unit", "day", "mode", "duration", "is_reserved"),
	CONSTRAINT "dashboard_fee_totals_unit_check" CHECK ("unit" in ('day', 'month'))
);
--> statement-breakpoint
ALTER TABLE "dashboard_fee_totals" ADD CONSTRAINT "dashboard_fee_totals_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "dashboard_fee_totals_empty_idx" ON "dashboard_fee_totals" ("library_id") WHERE "fees" = 0;
--> statement-breakpoint
CREATE TABLE "dashboard_plan_changes" (
	"library_id" uuid NOT NULL,
	"day" date NOT NULL,
	"members" boolean NOT NULL,
	"duration" integer NOT NULL,
	"delta" integer NOT NULL,
	CONSTRAINT "dashboard_plan_changes_pkey" PRIMARY KEY ("library_id", "day", "members", "duration")
);
--> statement-breakpoint
ALTER TABLE "dashboard_plan_changes" ADD CONSTRAINT "dashboard_plan_changes_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "dashboard_plan_changes_empty_idx" ON "dashboard_plan_changes" ("library_id") WHERE "delta" = 0;
--> statement-breakpoint
-- Every write of the dashboard's tables takes its library's transaction-level lock first and holds
-- it to the commit (a fee, a plan or a student's status written; a time-zone rebuild), so two
-- transactions never take their rows in different orders (no deadlock between a payment, a void
-- and a renewal written in two statements each), and a time-zone change waits for the writes in
-- flight and they for it. Payments of one library already take turns on its receipt counter. The
-- locks are 1,024 (a library's is its id's hash modulo 1,024), so a bulk write across thousands of
-- libraries takes at most 1,024 and never fills PostgreSQL's lock table.
CREATE FUNCTION "dashboard_lock"("libs" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  key integer;
BEGIN
  FOR key IN SELECT DISTINCT hashtext(l::text) & 1023 FROM unnest(libs) l ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(18019, key);
  END LOOP;
END
$$;
--> statement-breakpoint
-- The fees' side. The trigger reads its transition tables directly (no copy in an array: a bulk
-- load of 3,000,000 fees is one pass): `added` is the write's new rows, `removed` its old rows.
-- Only what changed a counted fee's figures goes on (EXCEPT ALL: an edit of a note, a receipt or
-- updated_at cancels out and takes no lock). The libraries' locks are taken before their time
-- zone is read, so a change of time zone (which rebuilds the totals under the same lock) waits for
-- this transaction, or this one for it and then reads the new zone.
CREATE FUNCTION "dashboard_fees_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  PERFORM dashboard_lock(libs);
  EXECUTE format($q$
    INSERT INTO dashboard_fee_totals AS t (library_id, unit, day, mode, duration, is_reserved, amount, transactions, sales, fees)
    SELECT b.library_id, b.unit, b.day, b.mode, b.duration, b.is_reserved, sum(b.sign * b.amount),
           coalesce(sum(b.sign) FILTER (WHERE b.kind <> 'adjustment'), 0),
           coalesce(sum(b.sign) FILTER (WHERE b.kind IN ('new', 'renewal')), 0), sum(b.sign)
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
    ON CONFLICT (library_id, unit, day, mode, duration, is_reserved) DO UPDATE
      SET amount = t.amount + excluded.amount, transactions = t.transactions + excluded.transactions,
          sales = t.sales + excluded.sales, fees = t.fees + excluded.fees$q$, changes);
  DELETE FROM dashboard_fee_totals WHERE library_id = ANY(libs) AND fees = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "fees_dashboard_insert" AFTER INSERT ON "fees" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_fees_changed"();
--> statement-breakpoint
CREATE TRIGGER "fees_dashboard_update" AFTER UPDATE ON "fees" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_fees_changed"();
--> statement-breakpoint
CREATE TRIGGER "fees_dashboard_delete" AFTER DELETE ON "fees" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_fees_changed"();
--> statement-breakpoint
-- A library's totals from its fees, in its time zone as it is now: the backfill, and the rebuild
-- when the time zone changes (in the transaction that changes it, which holds the library's row).
CREATE FUNCTION "dashboard_fee_totals_rebuild"("lib" uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM dashboard_fee_totals WHERE library_id = lib;
  INSERT INTO dashboard_fee_totals (library_id, unit, day, mode, duration, is_reserved, amount, transactions, sales, fees)
  SELECT f.library_id, u.unit, CASE u.unit WHEN 'day' THEN f.day ELSE date_trunc('month', f.day)::date END,
         f.mode, f.duration, f.is_reserved, sum(f.amount),
         count(*) FILTER (WHERE f.kind <> 'adjustment'), count(*) FILTER (WHERE f.kind IN ('new', 'renewal')), count(*)
  FROM (
    SELECT fee.library_id, (fee.created_at AT TIME ZONE l.time_zone)::date AS day, fee.mode, fee.duration,
           fee.is_reserved, fee.kind, fee.amount
    FROM fees fee JOIN libraries l ON l.id = fee.library_id
    WHERE fee.library_id = lib AND fee.voided_at IS NULL
  ) f CROSS JOIN (VALUES ('day'), ('month')) u(unit)
  GROUP BY 1, 2, 3, 4, 5, 6;
$$;
--> statement-breakpoint
CREATE FUNCTION "dashboard_library_zone_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_lock(ARRAY[NEW.id]);
  PERFORM dashboard_fee_totals_rebuild(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "libraries_dashboard_zone" AFTER UPDATE OF "time_zone" ON "libraries" FOR EACH ROW WHEN (OLD."time_zone" IS DISTINCT FROM NEW."time_zone") EXECUTE FUNCTION "dashboard_library_zone_changed"();
--> statement-breakpoint
-- The plans' side. A spans query answers (library_id, student_id, side, members, duration,
-- first_day, last_day): side +1 for the plans as they are after a write, -1 as they were before.
-- Each student's overlapping or adjacent spans (per duration, and for members across all
-- durations) merge into one, whose first day counts +1 and whose day after the last -1; the after
-- minus the before is added to dashboard_plan_changes. This answers the statement that does it,
-- for the triggers to run themselves (only they see their transition tables).
CREATE FUNCTION "dashboard_plan_upsert"("spans" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
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
    INSERT INTO dashboard_plan_changes AS t (library_id, day, members, duration, delta)
    SELECT d.library_id, d.day, d.members, d.duration, sum(d.delta)
    FROM deltas d
    WHERE EXISTS (SELECT 1 FROM libraries l WHERE l.id = d.library_id)
    GROUP BY d.library_id, d.day, d.members, d.duration
    HAVING sum(d.delta) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (library_id, day, members, duration) DO UPDATE SET delta = t.delta + excluded.delta$q$, spans);
$$;
--> statement-breakpoint
-- The subscriptions' side. The students whose spans may have changed are those of a row whose
-- student, dates or length changed (an edit of a seat or a window changes none, and takes no
-- lock); their plans as they are now go in, and as they were (now, less the rows written, plus
-- the old rows) go out. All joins on the transition tables: a bulk write of 100,000 plans is one pass.
CREATE FUNCTION "dashboard_subscriptions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text := CASE WHEN TG_OP = 'DELETE' THEN '(SELECT * FROM old_rows WHERE false)' ELSE 'new_rows' END;
  removed text := CASE WHEN TG_OP = 'INSERT' THEN '(SELECT * FROM new_rows WHERE false)' ELSE 'old_rows' END;
  spans text;
  libs uuid[];
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
  EXECUTE format('SELECT array_agg(DISTINCT library_id) FROM (%s) s', spans) INTO libs;
  IF libs IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM dashboard_lock(libs);
  EXECUTE dashboard_plan_upsert(spans);
  DELETE FROM dashboard_plan_changes WHERE library_id = ANY(libs) AND delta = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "subscriptions_dashboard_insert" AFTER INSERT ON "subscriptions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_subscriptions_changed"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_dashboard_update" AFTER UPDATE ON "subscriptions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_subscriptions_changed"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_dashboard_delete" AFTER DELETE ON "subscriptions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_subscriptions_changed"();
--> statement-breakpoint
-- A student who leaves takes their plans out of the members' rows; one who returns puts them back.
CREATE FUNCTION "dashboard_students_status_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  spans text := $q$
    SELECT sub.library_id, sub.student_id, CASE WHEN n.status = 'active' THEN 1 ELSE -1 END AS side, true AS members,
           0 AS duration, sub.joining_date AS first_day, sub.plan_expires_at AS last_day
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    JOIN subscriptions sub ON sub.library_id = n.library_id AND sub.student_id = n.id
    WHERE (n.status = 'active') <> (o.status = 'active')$q$;
  libs uuid[];
BEGIN
  EXECUTE format('SELECT array_agg(DISTINCT library_id) FROM (%s) s', spans) INTO libs;
  IF libs IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM dashboard_lock(libs);
  EXECUTE dashboard_plan_upsert(spans);
  DELETE FROM dashboard_plan_changes WHERE library_id = ANY(libs) AND delta = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "students_dashboard_status" AFTER UPDATE ON "students" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_students_status_changed"();
--> statement-breakpoint
-- Backfill: every library's fee totals, and every student's plans as they are.
SELECT dashboard_fee_totals_rebuild(id) FROM libraries;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE dashboard_plan_upsert($q$
    SELECT sub.library_id, sub.student_id, 1 AS side, m.members, CASE WHEN m.members THEN 0 ELSE sub.duration_months END AS duration,
           sub.joining_date AS first_day, sub.plan_expires_at AS last_day
    FROM subscriptions sub
    JOIN students st ON st.id = sub.student_id
    CROSS JOIN (VALUES (false), (true)) m(members)
    WHERE NOT m.members OR st.status = 'active'$q$);
END
$$;
