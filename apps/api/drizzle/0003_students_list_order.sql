DROP INDEX "students_library_name_idx";--> statement-breakpoint
CREATE INDEX "students_library_created_idx" ON "students" USING btree ("library_id","created_at","id");--> statement-breakpoint
CREATE INDEX "students_library_name_idx" ON "students" USING btree ("library_id",lower("first_name"),lower(coalesce("last_name", '')),"id");