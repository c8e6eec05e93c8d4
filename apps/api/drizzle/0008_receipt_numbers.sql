CREATE TABLE "receipt_counters" (
	"library_id" uuid NOT NULL,
	"financial_year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "receipt_counters_library_id_financial_year_pk" PRIMARY KEY("library_id","financial_year"),
	CONSTRAINT "receipt_counters_last_number_check" CHECK ("receipt_counters"."last_number" >= 1)
);
--> statement-breakpoint
ALTER TABLE "fees" ADD COLUMN "receipt_no" text;--> statement-breakpoint
ALTER TABLE "library_settings" ADD COLUMN "receipt_prefix" text;--> statement-breakpoint
ALTER TABLE "receipt_counters" ADD CONSTRAINT "receipt_counters_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fees_library_receipt_no_unique" ON "fees" USING btree ("library_id","receipt_no") WHERE "fees"."receipt_no" is not null;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_receipt_no_check" CHECK ("fees"."receipt_no" is null or ("fees"."amount" > 0 and char_length("fees"."receipt_no") <= 16));--> statement-breakpoint
ALTER TABLE "library_settings" ADD CONSTRAINT "library_settings_receipt_prefix_check" CHECK ("library_settings"."receipt_prefix" ~ '^[A-Z0-9]{1,3}$');--> statement-breakpoint
-- Backfill (issue 14): every payment above ₹0 gets its receipt number, in created_at order
-- (then id) per library and financial year (April–March in the library's time zone), with
-- the default prefix from the library's name (src/lib/ledger/receipts.ts holds the rule);
-- the counters are set to the last number issued. ₹0 fees keep none.
WITH "numbered" AS (
	SELECT f."id", f."library_id", y."year",
		row_number() OVER (PARTITION BY f."library_id", y."year" ORDER BY f."created_at", f."id") AS "number",
		(SELECT coalesce(nullif(
			CASE WHEN count(*) = 1 THEN left(min(w.word), 3)
				ELSE left(string_agg(left(w.word, 1), '' ORDER BY w.n), 3) END, ''), 'R')
		 FROM regexp_split_to_table(upper(l."name"), '[^A-Z0-9]+') WITH ORDINALITY AS w(word, n)
		 WHERE w.word <> '') AS "prefix"
	FROM "fees" f
	JOIN "libraries" l ON l."id" = f."library_id"
	CROSS JOIN LATERAL (
		SELECT (extract(year FROM f."created_at" AT TIME ZONE l."time_zone")::int
			- CASE WHEN extract(month FROM f."created_at" AT TIME ZONE l."time_zone") < 4 THEN 1 ELSE 0 END) AS "year"
	) y
	WHERE f."amount" > 0
)
UPDATE "fees" SET "receipt_no" =
	left(n."prefix", greatest(7 - length(n."number"::text), 1)) || '/' || n."year"::text || '-'
	|| lpad(((n."year" + 1) % 100)::text, 2, '0') || '/' || lpad(n."number"::text, greatest(4, length(n."number"::text)), '0')
FROM "numbered" n WHERE "fees"."id" = n."id";
--> statement-breakpoint
INSERT INTO "receipt_counters" ("library_id", "financial_year", "last_number")
SELECT f."library_id", left(split_part(f."receipt_no", '/', 2), 4)::int, count(*)
FROM "fees" f WHERE f."receipt_no" IS NOT NULL
GROUP BY f."library_id", left(split_part(f."receipt_no", '/', 2), 4);
