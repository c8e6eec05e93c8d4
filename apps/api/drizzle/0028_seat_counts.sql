-- Issue 18: a library's numbers of seats and of active seats, kept as seats are generated, added,
-- switched on or off and deleted, so the dashboard reads one row instead of counting every seat
-- (16,455 at bench/saas's largest library, about 0.15 ms of a dashboard's 1 ms in PostgreSQL at
-- 1,000 seats). As migration 0017's student counts: statement-level triggers with transition
-- tables, so generating 500 seats updates the row once, and an edit that changes no status (a
-- rename, a capacity) takes no lock on it.
CREATE TABLE "library_seat_counts" (
	"library_id" uuid PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "library_seat_counts_range_check" CHECK ("library_seat_counts"."active" >= 0 and "library_seat_counts"."active" <= "library_seat_counts"."total")
);
--> statement-breakpoint
ALTER TABLE "library_seat_counts" ADD CONSTRAINT "library_seat_counts_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE FUNCTION "library_seat_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO library_seat_counts AS c (library_id, total, active)
    SELECT library_id, count(*), count(*) FILTER (WHERE status = 'active')
    FROM new_rows GROUP BY library_id ORDER BY library_id
    ON CONFLICT (library_id) DO UPDATE SET total = c.total + excluded.total, active = c.active + excluded.active;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Counted out as they were and in as they are; rows whose status and library did not change
    -- add up to nothing and leave the counter row unlocked.
    UPDATE library_seat_counts AS c SET total = c.total + d.total, active = c.active + d.active
    FROM (
      SELECT library_id, sum(total)::integer AS total, sum(active)::integer AS active
      FROM (
        SELECT library_id, -1 AS total, -(status = 'active')::integer AS active FROM old_rows
        UNION ALL
        SELECT library_id, 1, (status = 'active')::integer FROM new_rows
      ) AS changes
      GROUP BY library_id
    ) AS d
    WHERE c.library_id = d.library_id AND (d.total <> 0 OR d.active <> 0);
  ELSE
    UPDATE library_seat_counts AS c SET total = c.total - d.total, active = c.active - d.active
    FROM (
      SELECT library_id, count(*)::integer AS total, count(*) FILTER (WHERE status = 'active')::integer AS active
      FROM old_rows GROUP BY library_id
    ) AS d
    WHERE c.library_id = d.library_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "seats_count_insert" AFTER INSERT ON "seats" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "library_seat_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "seats_count_update" AFTER UPDATE ON "seats" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "library_seat_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "seats_count_delete" AFTER DELETE ON "seats" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "library_seat_counts_apply"();
--> statement-breakpoint
INSERT INTO "library_seat_counts" ("library_id", "total", "active")
SELECT l.id, count(s.id), count(s.id) FILTER (WHERE s.status = 'active')
FROM "libraries" l LEFT JOIN "seats" s ON s.library_id = l.id
GROUP BY l.id;
