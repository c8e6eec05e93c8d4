ALTER TABLE "students" ALTER COLUMN "aadhaar_encrypted" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "aadhaar_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "aadhaar_last4" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "consent_recorded_by" uuid;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "consent_given_by" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "consent_notice" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "left_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "left_by" uuid;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "documents_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "documents_erased_by" uuid;--> statement-breakpoint
ALTER TABLE "library_settings" ADD COLUMN "privacy_notice" text;--> statement-breakpoint
ALTER TABLE "library_settings" ADD COLUMN "retention_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "library_settings" ADD COLUMN "keep_aadhaar_last4" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_consent_recorded_by_admins_id_fk" FOREIGN KEY ("consent_recorded_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_left_by_admins_id_fk" FOREIGN KEY ("left_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_documents_erased_by_admins_id_fk" FOREIGN KEY ("documents_erased_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "students_left_documents_idx" ON "students" USING btree ("left_at") WHERE "students"."left_at" is not null and "students"."documents_erased_at" is null;--> statement-breakpoint
-- Before issue 19 nothing set a student's status but its default; anything else becomes active.
UPDATE "students" SET "status" = 'active' WHERE "status" <> 'active';--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_status_check" CHECK ("students"."status" in ('active', 'left'));--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_left_status_check" CHECK (("students"."status" = 'left') = ("students"."left_at" is not null));--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_consent_given_by_check" CHECK ("students"."consent_given_by" in ('student', 'guardian'));--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_consent_complete_check" CHECK (("students"."consent_at" is null) = ("students"."consent_given_by" is null) and ("students"."consent_at" is null) = ("students"."consent_notice" is null));--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_aadhaar_pair_check" CHECK (("students"."aadhaar_encrypted" is null) = ("students"."aadhaar_hash" is null));--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_documents_held_check" CHECK ("students"."aadhaar_encrypted" is not null or "students"."documents_erased_at" is not null);--> statement-breakpoint
ALTER TABLE "library_settings" ADD CONSTRAINT "library_settings_retention_days_check" CHECK ("library_settings"."retention_days" between 0 and 3650);