-- Issue 18: a library's exact numbers of members and of students who left, kept as students are
-- added, leave, return or are deleted, so a list's total and the dashboard's counts read one row
-- instead of counting 100,000. Statement-level triggers with transition tables: a bulk insert
-- updates the row once, and an edit that changes no status takes no lock on it.
CREATE TABLE "library_student_counts" (
	"library_id" uuid PRIMARY KEY NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"left" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "library_student_counts_nonnegative_check" CHECK ("library_student_counts"."active" >= 0 and "library_student_counts"."left" >= 0)
);
--> statement-breakpoint
ALTER TABLE "library_student_counts" ADD CONSTRAINT "library_student_counts_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE FUNCTION "library_student_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO library_student_counts AS c (library_id, active, "left")
    SELECT library_id, count(*) FILTER (WHERE status = 'active'), count(*) FILTER (WHERE status = 'left')
    FROM new_rows GROUP BY library_id ORDER BY library_id
    ON CONFLICT (library_id) DO UPDATE SET active = c.active + excluded.active, "left" = c."left" + excluded."left";
  ELSIF TG_OP = 'UPDATE' THEN
    -- An update counts its rows out as they were and in as they are. Rows whose status did not
    -- change add up to nothing and leave the counter row unlocked.
    UPDATE library_student_counts AS c SET active = c.active + d.active, "left" = c."left" + d."left"
    FROM (
      SELECT library_id, sum(active)::integer AS active, sum("left")::integer AS "left"
      FROM (
        SELECT library_id, -(status = 'active')::integer AS active, -(status = 'left')::integer AS "left" FROM old_rows
        UNION ALL
        SELECT library_id, (status = 'active')::integer, (status = 'left')::integer FROM new_rows
      ) AS changes
      GROUP BY library_id
    ) AS d
    WHERE c.library_id = d.library_id AND (d.active <> 0 OR d."left" <> 0);
  ELSE
    UPDATE library_student_counts AS c SET active = c.active - d.active, "left" = c."left" - d."left"
    FROM (
      SELECT library_id, count(*) FILTER (WHERE status = 'active')::integer AS active,
        count(*) FILTER (WHERE status = 'left')::integer AS "left"
      FROM old_rows GROUP BY library_id
    ) AS d
    WHERE c.library_id = d.library_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "students_count_insert" AFTER INSERT ON "students" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "library_student_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "students_count_update" AFTER UPDATE ON "students" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "library_student_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "students_count_delete" AFTER DELETE ON "students" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "library_student_counts_apply"();
--> statement-breakpoint
INSERT INTO "library_student_counts" ("library_id", "active", "left")
SELECT l.id, count(s.id) FILTER (WHERE s.status = 'active'), count(s.id) FILTER (WHERE s.status = 'left')
FROM "libraries" l LEFT JOIN "students" s ON s.library_id = l.id
GROUP BY l.id;
