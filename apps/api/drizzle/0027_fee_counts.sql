-- Issue 18: the fee report's exact unfiltered total without counting every fee of the library
-- (a count of 243,000 fees was 20-35 ms of every first page at a library that size). Each library's
-- number of fees, kept by statement-level triggers on insert and delete (a fee never moves library;
-- a void is an update that keeps the row, and the report counts voided fees too). A row per writer
-- slot, the writing backend's process id modulo 64 as in 0026, so two payments in flight add to
-- different rows and neither waits for the other; the total is the sum of the library's rows, and a
-- delete subtracts in its own slot (a slot's row may go below zero, the sum never does).
CREATE TABLE "library_fee_counts" (
	"library_id" uuid NOT NULL,
	"slot" smallint NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "library_fee_counts_library_id_slot_pk" PRIMARY KEY("library_id","slot")
);
--> statement-breakpoint
ALTER TABLE "library_fee_counts" ADD CONSTRAINT "library_fee_counts_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE FUNCTION "library_fee_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO library_fee_counts AS c (library_id, slot, total)
    SELECT f.library_id, (pg_backend_pid() % 64)::smallint, count(*) FROM new_rows f
    GROUP BY f.library_id ORDER BY f.library_id
    ON CONFLICT (library_id, slot) DO UPDATE SET total = c.total + excluded.total;
  ELSE
    -- A library's own deletion removes its fees and its counts both: nothing is left to count.
    INSERT INTO library_fee_counts AS c (library_id, slot, total)
    SELECT f.library_id, (pg_backend_pid() % 64)::smallint, -count(*) FROM old_rows f
    WHERE EXISTS (SELECT 1 FROM libraries l WHERE l.id = f.library_id)
    GROUP BY f.library_id ORDER BY f.library_id
    ON CONFLICT (library_id, slot) DO UPDATE SET total = c.total + excluded.total;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "library_fee_counts_insert" AFTER INSERT ON "fees" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION library_fee_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "library_fee_counts_delete" AFTER DELETE ON "fees" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION library_fee_counts_apply();
--> statement-breakpoint
INSERT INTO library_fee_counts (library_id, slot, total) SELECT library_id, 0, count(*) FROM fees GROUP BY library_id;
