ALTER TABLE "library_settings" ALTER COLUMN "sac" SET DEFAULT '998451';--> statement-breakpoint
-- 998431 (on-line content) was migration 0009's default by mistake: library services are 998451.
UPDATE "library_settings" SET "sac" = '998451' WHERE "sac" = '998431';
