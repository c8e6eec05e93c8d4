-- Issue 18: booking without re-reading every plan of the period.
--
-- booking_occupancy: for each library and calendar day, how many subscriptions hold a place at
-- each minute of that day (an integer for each minute: taken[1] is 00:00–00:01, taken[1440] is 23:59–24:00), reserved and
-- pool alike, as the pool counts them (DESIGN.md §6). An overnight window's morning is counted
-- on the next calendar day's row. Kept by a trigger on subscriptions (insert, update, delete),
-- whichever module or fixture writes them, so the pool's peak over a window is one read of the
-- window's minutes on the days it needs.
--
-- booking_guard: the same trigger is the last line of defence against an overbooking. It is a
-- deferred constraint trigger: the booking paths run `SET CONSTRAINTS booking_guard IMMEDIATE`
-- as their last statement before COMMIT, so it fires there (and at COMMIT for any other write).
-- It locks the occupancy rows of the days it changes in day order (two bookings that share a
-- minute share that minute's day row, so they take turns there and nowhere else), applies the
-- change and, in a transaction of the booking paths (which set `booking.check` to 'on'), refuses
-- (SQLSTATE BK001 for the pool, BK002 for a seat) when, from the library's today on, the new
-- plan's minutes hold more than the pool, or its seat's reserved plans more than the seat's
-- capacity. Other writes of subscriptions only keep the counts.
CREATE TABLE "booking_occupancy" (
	"library_id" uuid NOT NULL,
	"day" date NOT NULL,
	"taken" integer[] DEFAULT array_fill(0, ARRAY[1440]) NOT NULL,
	CONSTRAINT "booking_occupancy_pkey" PRIMARY KEY ("library_id", "day"),
	CONSTRAINT "booking_occupancy_minutes_check" CHECK (array_lower("taken", 1) = 1 and array_upper("taken", 1) = 1440)
);
--> statement-breakpoint
ALTER TABLE "booking_occupancy" ADD CONSTRAINT "booking_occupancy_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Uncompressed in the row: every read takes a slice, every write rewrites the array.
ALTER TABLE "booking_occupancy" ALTER COLUMN "taken" SET STORAGE MAIN;
--> statement-breakpoint
-- Minutes from midnight of a time of day (seconds dropped, as the API drops them).
CREATE FUNCTION "booking_minute"("t" time) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (date_part('hour', t) * 60 + date_part('minute', t))::integer
$$;
--> statement-breakpoint
-- How many minutes a daily window lasts (1 to 1440): an end at or before the start wraps past midnight.
CREATE FUNCTION "booking_length"("start_time" time, "end_time" time) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN booking_minute(end_time) > booking_minute(start_time)
    THEN booking_minute(end_time) - booking_minute(start_time)
    ELSE 1440 - booking_minute(start_time) + booking_minute(end_time) END
$$;
--> statement-breakpoint
-- Whether a plan (days joining..expires, daily window) holds a place at some minute the candidate
-- (days c_first..c_last, window c_start for c_len minutes) would: on some candidate day d, the plan's
-- window that starts on d - 1, d or d + 1, seen from d's midnight, overlaps the candidate's.
CREATE FUNCTION "booking_overlaps"("joining" date, "expires" date, "start_time" time, "end_time" time,
    "c_first" date, "c_last" date, "c_start" integer, "c_len" integer)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  -- One expression (no subquery), so the planner inlines it into the caller's scan.
  SELECT (joining + 1 <= c_last AND expires + 1 >= c_first
          AND booking_minute(start_time) - 1440 < c_start + c_len
          AND booking_minute(start_time) + booking_length(start_time, end_time) - 1440 > c_start)
      OR (joining <= c_last AND expires >= c_first
          AND booking_minute(start_time) < c_start + c_len
          AND booking_minute(start_time) + booking_length(start_time, end_time) > c_start)
      OR (joining - 1 <= c_last AND expires - 1 >= c_first
          AND booking_minute(start_time) + 1440 < c_start + c_len
          AND booking_minute(start_time) + booking_length(start_time, end_time) + 1440 > c_start)
$$;
--> statement-breakpoint
-- The array with 1-based minutes lo..hi raised by delta (unchanged when hi < lo).
CREATE FUNCTION "booking_bump"("taken" integer[], "lo" integer, "hi" integer, "delta" integer) RETURNS integer[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN hi < lo THEN taken ELSE
    taken[1:lo - 1]
    || ARRAY(SELECT u.x + delta FROM unnest(taken[lo:hi]) WITH ORDINALITY AS u(x, i) ORDER BY u.i)
    || taken[hi + 1:1440] END
$$;
--> statement-breakpoint
-- The first day the occupancy is kept for: two days before today in UTC, so on or before every
-- library's today (time zones reach 14 hours either side) and the morning a window of the day
-- before spills into. Bookings are checked and availability read from the library's today on, so
-- the rows of days before it are never read: a plan's days before the horizon are not counted, and
-- neither the migration nor a rebuild writes the history of every plan ever sold.
CREATE FUNCTION "booking_horizon"() RETURNS date LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (now() AT TIME ZONE 'UTC')::date - 2
$$;
--> statement-breakpoint
-- Adds (delta 1) or removes (delta -1) a plan's minutes. Locks the rows of its days in day order
-- first (creating the missing ones when adding), so two changes never wait for each other in a cycle.
CREATE FUNCTION "booking_occupancy_change"("lib" uuid, "first" date, "last" date, "start_min" integer, "len" integer, "delta" integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  wrap integer := start_min + len - 1440; -- minutes of the next morning, when above 0
  until date := last + CASE WHEN start_min + len > 1440 THEN 1 ELSE 0 END;
BEGIN
  first := greatest(first, booking_horizon());
  IF last < first THEN RETURN; END IF;
  IF delta > 0 THEN
    INSERT INTO booking_occupancy (library_id, day)
    SELECT lib, first + g FROM generate_series(0, until - first) AS g ORDER BY g
    ON CONFLICT DO NOTHING;
  END IF;
  PERFORM 1 FROM booking_occupancy WHERE library_id = lib AND day BETWEEN first AND until ORDER BY day FOR UPDATE;
  UPDATE booking_occupancy SET taken = booking_bump(
      booking_bump(taken,
        CASE WHEN day <= last THEN start_min + 1 ELSE 1 END,
        CASE WHEN day <= last THEN least(start_min + len, 1440) ELSE 0 END, delta),
      1, CASE WHEN wrap > 0 AND day > first THEN wrap ELSE 0 END, delta)
  WHERE library_id = lib AND day BETWEEN first AND until;
END
$$;
--> statement-breakpoint
-- The most subscriptions holding a place at once over the candidate's minutes on days first..last
-- (read from booking_occupancy), leaving out one plan (ex_*: its days, start minute and length) when given.
CREATE FUNCTION "booking_pool_peak"("lib" uuid, "first" date, "last" date, "start_min" integer, "len" integer,
    "ex_first" date DEFAULT NULL, "ex_last" date DEFAULT NULL, "ex_start" integer DEFAULT NULL, "ex_len" integer DEFAULT NULL)
RETURNS integer LANGUAGE plpgsql STABLE AS $$
DECLARE
  wrap integer := start_min + len - 1440;
  hi integer := least(start_min + len, 1440);
  peak integer;
BEGIN
  IF last < first THEN RETURN 0; END IF;
  IF ex_first IS NULL THEN
    SELECT max(m) INTO peak FROM (
      SELECT (SELECT max(x) FROM unnest(o.taken[start_min + 1:hi]) AS x) AS m
      FROM booking_occupancy o WHERE o.library_id = lib AND o.day BETWEEN first AND last
      UNION ALL
      SELECT (SELECT max(x) FROM unnest(o.taken[1:wrap]) AS x)
      FROM booking_occupancy o WHERE wrap > 0 AND o.library_id = lib AND o.day BETWEEN first + 1 AND last + 1
    ) AS per_day;
  ELSE
    -- Each minute's count less the left-out plan's place: it holds minute A (from 1970-01-01)
    -- when A falls in the window that starts on day (A - ex_start) / 1440 of its days.
    SELECT max(m.x - CASE WHEN (m.at - ex_start) / 1440 BETWEEN ex_first - date '1970-01-01' AND ex_last - date '1970-01-01'
                           AND (m.at - ex_start) % 1440 < ex_len THEN 1 ELSE 0 END)
    INTO peak FROM (
      SELECT u.x, (o.day - date '1970-01-01') * 1440 + start_min + u.i - 1 AS at
      FROM booking_occupancy o, unnest(o.taken[start_min + 1:hi]) WITH ORDINALITY AS u(x, i)
      WHERE o.library_id = lib AND o.day BETWEEN first AND last
      UNION ALL
      SELECT u.x, (o.day - date '1970-01-01') * 1440 + u.i - 1
      FROM booking_occupancy o, unnest(o.taken[1:wrap]) WITH ORDINALITY AS u(x, i)
      WHERE wrap > 0 AND o.library_id = lib AND o.day BETWEEN first + 1 AND last + 1
    ) AS m;
  END IF;
  RETURN coalesce(peak, 0);
END
$$;
--> statement-breakpoint
-- The most reserved plans at one seat holding a place at once over the candidate's minutes on days
-- first..last, leaving one plan out: the count can only change on the days around each plan's
-- first and last day and at the minutes where a plan's window starts, so only those are tried.
CREATE FUNCTION "booking_seat_peak"("lib" uuid, "seat" uuid, "first" date, "last" date, "start_min" integer, "len" integer, "exclude_id" uuid DEFAULT NULL)
RETURNS integer LANGUAGE sql STABLE AS $$
  WITH p AS (
    SELECT joining_date - date '1970-01-01' AS f, plan_expires_at - date '1970-01-01' AS l,
      booking_minute(start_time) AS sm, booking_length(start_time, end_time) AS ln
    FROM subscriptions
    WHERE library_id = lib AND seat_id = seat AND is_reserved AND id IS DISTINCT FROM exclude_id
      AND joining_date <= last + 1 AND plan_expires_at >= first - 1
      AND booking_overlaps(joining_date, plan_expires_at, start_time, end_time, first, last, start_min, len)
  ), days AS (
    SELECT DISTINCT d FROM (
      SELECT first - date '1970-01-01' AS d
      UNION ALL SELECT p.f + k FROM p, generate_series(-1, 2) AS k
      UNION ALL SELECT p.l + k FROM p, generate_series(-1, 2) AS k
    ) AS x WHERE d BETWEEN first - date '1970-01-01' AND last - date '1970-01-01'
  ), minutes AS (
    SELECT DISTINCT m FROM (SELECT start_min AS m UNION ALL SELECT p.sm + 1440 * k FROM p, generate_series(0, 1) AS k) AS x
    WHERE m >= start_min AND m < start_min + len
  )
  SELECT coalesce(max(n), 0)::integer FROM (
    SELECT count(*) AS n FROM days, minutes, p
    WHERE (days.d * 1440 + minutes.m - p.sm) / 1440 BETWEEN p.f AND p.l
      AND (days.d * 1440 + minutes.m - p.sm) % 1440 < p.ln
    GROUP BY days.d, minutes.m
  ) AS counts
$$;
--> statement-breakpoint
-- Places in a library's pool: capacities of active seats in active areas (DESIGN.md §6).
CREATE FUNCTION "booking_pool_capacity"("lib" uuid) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(s.capacity), 0)::integer FROM seats s JOIN areas a ON a.id = s.area_id
  WHERE s.library_id = lib AND s.status = 'active' AND a.status = 'active'
$$;
--> statement-breakpoint
CREATE FUNCTION "booking_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  today date;
  f date;
  start_min integer;
  len integer;
  places integer;
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.library_id, OLD.seat_id, OLD.is_reserved, OLD.start_time, OLD.end_time, OLD.joining_date, OLD.plan_expires_at)
      IS NOT DISTINCT FROM (NEW.library_id, NEW.seat_id, NEW.is_reserved, NEW.start_time, NEW.end_time, NEW.joining_date, NEW.plan_expires_at) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    -- Both plans' days locked in day order before either is changed.
    PERFORM 1 FROM booking_occupancy
    WHERE library_id = NEW.library_id AND day BETWEEN least(OLD.joining_date, NEW.joining_date) AND greatest(OLD.plan_expires_at, NEW.plan_expires_at) + 1
    ORDER BY day FOR UPDATE;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM booking_occupancy_change(OLD.library_id, OLD.joining_date, OLD.plan_expires_at,
      booking_minute(OLD.start_time), booking_length(OLD.start_time, OLD.end_time), -1);
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN NULL; END IF;

  start_min := booking_minute(NEW.start_time);
  len := booking_length(NEW.start_time, NEW.end_time);
  PERFORM booking_occupancy_change(NEW.library_id, NEW.joining_date, NEW.plan_expires_at, start_min, len, 1);

  -- Only the booking paths ask for the check (set_config('booking.check', 'on', true) in their
  -- transaction): other writes (imports, fixtures, a migration) keep the counts right and were
  -- never refused by the database; the app's paths are refused here whatever the app read before.
  IF current_setting('booking.check', true) IS DISTINCT FROM 'on' THEN RETURN NULL; END IF;
  -- Days already past are not checked (an owner may have shrunk the pool since): from today on.
  SELECT (now() AT TIME ZONE l.time_zone)::date INTO today FROM libraries l WHERE l.id = NEW.library_id;
  f := greatest(NEW.joining_date, today);
  IF f > NEW.plan_expires_at THEN RETURN NULL; END IF;
  IF booking_pool_peak(NEW.library_id, f, NEW.plan_expires_at, start_min, len) > booking_pool_capacity(NEW.library_id) THEN
    RAISE EXCEPTION 'booking_pool_full' USING ERRCODE = 'BK001';
  END IF;
  IF NEW.is_reserved THEN
    SELECT CASE WHEN s.status = 'active' AND a.status = 'active' THEN s.capacity ELSE 0 END INTO places
    FROM seats s JOIN areas a ON a.id = s.area_id WHERE s.id = NEW.seat_id AND s.library_id = NEW.library_id;
    IF booking_seat_peak(NEW.library_id, NEW.seat_id, f, NEW.plan_expires_at, start_min, len, NEW.id) + 1 > coalesce(places, 0) THEN
      RAISE EXCEPTION 'booking_seat_full' USING ERRCODE = 'BK002';
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "booking_guard" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION booking_guard();
--> statement-breakpoint
-- A library's rows worked out again from its subscriptions (the migration, and a bulk load that
-- wrote subscriptions with triggers off), in one set-based statement: each day's starts (+1) and
-- ends (-1) of windows, summed at each minute where something changes; a day's array is then the
-- running level repeated over each stretch between two changes (a handful a day), written out as an
-- array literal and parsed once, instead of a loop over 1,440 minutes a day.
CREATE FUNCTION "booking_occupancy_rebuild"("lib" uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM booking_occupancy WHERE library_id = lib;
  INSERT INTO booking_occupancy (library_id, day, taken)
  WITH w AS (
    SELECT joining_date AS f, plan_expires_at AS l, booking_minute(start_time) AS sm, booking_length(start_time, end_time) AS ln
    FROM subscriptions WHERE library_id = lib AND plan_expires_at >= booking_horizon()
  ), spans AS (
    -- From the horizon on (booking_horizon), as booking_occupancy_change counts them.
    SELECT w.f + g AS day, w.sm AS lo, least(w.sm + w.ln, 1440) AS hi
    FROM w, generate_series(greatest(w.f, booking_horizon()) - w.f, w.l - w.f) AS g
    UNION ALL
    SELECT w.f + g + 1, 0, w.sm + w.ln - 1440
    FROM w, generate_series(greatest(w.f, booking_horizon()) - w.f, w.l - w.f) AS g WHERE w.sm + w.ln > 1440
  ), events AS (
    SELECT day, lo AS at, 1 AS c FROM spans UNION ALL SELECT day, hi, -1 FROM spans
  ), steps AS (
    -- The level from minute `at` for `width` minutes (to the next change, or to midnight).
    SELECT day, at, sum(sum(c)) OVER (PARTITION BY day ORDER BY at) AS level,
           lead(at, 1, 1440) OVER (PARTITION BY day ORDER BY at) - at AS width
    FROM events GROUP BY day, at
  )
  SELECT lib, day,
         ('{' || rtrim(repeat('0,', min(at)) || string_agg(repeat(level || ',', width), '' ORDER BY at), ',') || '}')::integer[]
  FROM steps GROUP BY day;
$$;
--> statement-breakpoint
SELECT booking_occupancy_rebuild(id) FROM libraries WHERE EXISTS (SELECT 1 FROM subscriptions s WHERE s.library_id = libraries.id);
--> statement-breakpoint
-- The subscriptions list's exact unfiltered total without counting every plan of the library:
-- each library's number of subscriptions, kept by a deferred row trigger (insert and delete; a plan
-- never moves library), so a booking holds the library's counter row only while it commits.
CREATE TABLE "library_subscription_counts" (
	"library_id" uuid PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "library_subscription_counts_nonnegative_check" CHECK ("total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "library_subscription_counts" ADD CONSTRAINT "library_subscription_counts_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE FUNCTION "library_subscription_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO library_subscription_counts AS c (library_id, total) VALUES (NEW.library_id, 1)
    ON CONFLICT (library_id) DO UPDATE SET total = c.total + 1;
  ELSE
    UPDATE library_subscription_counts SET total = total - 1 WHERE library_id = OLD.library_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "library_subscription_counts_apply" AFTER INSERT OR DELETE ON "subscriptions"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION library_subscription_counts_apply();
--> statement-breakpoint
INSERT INTO library_subscription_counts (library_id, total)
SELECT library_id, count(*) FROM subscriptions GROUP BY library_id;
--> statement-breakpoint
-- The subscriptions list's default order (expiry, then id) read straight from an index: a page
-- is the index's next ten entries instead of a sort of every plan of the library.
CREATE INDEX "subscriptions_library_expiry_id_idx" ON "subscriptions" USING btree ("library_id", "plan_expires_at", "id");
