ALTER TABLE "admins" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_language_check" CHECK ("admins"."language" in ('en', 'hi'));--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_language_check" CHECK ("students"."language" in ('en', 'hi'));