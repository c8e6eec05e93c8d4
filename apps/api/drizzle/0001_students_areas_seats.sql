CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"library_id" uuid NOT NULL,
	"admin_id" uuid,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"detail" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"library_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text,
	"mobile" text NOT NULL,
	"email" text NOT NULL,
	"dob" date NOT NULL,
	"aadhaar_encrypted" text NOT NULL,
	"aadhaar_hash" text NOT NULL,
	"aadhaar_last4" text NOT NULL,
	"profile_key" text,
	"profile_thumb_key" text,
	"front_image_key" text,
	"back_image_key" text,
	"kyc_status" text DEFAULT 'pending' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || coalesce(last_name, '') || ' ' || mobile || ' ' || email)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_kyc_status_check" CHECK ("students"."kyc_status" in ('pending', 'verified', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "areas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"library_id" uuid NOT NULL,
	"name" text NOT NULL,
	"location" text,
	"total_seats" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "areas_total_seats_check" CHECK ("areas"."total_seats" between 1 and 999),
	CONSTRAINT "areas_status_check" CHECK ("areas"."status" in ('active', 'inactive', 'maintenance'))
);
--> statement-breakpoint
CREATE TABLE "seats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"library_id" uuid NOT NULL,
	"area_id" uuid NOT NULL,
	"name" text NOT NULL,
	"capacity" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seats_capacity_check" CHECK ("seats"."capacity" between 1 and 99),
	CONSTRAINT "seats_status_check" CHECK ("seats"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seats" ADD CONSTRAINT "seats_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seats" ADD CONSTRAINT "seats_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_library_created_idx" ON "audit_log" USING btree ("library_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "students_library_mobile_unique" ON "students" USING btree ("library_id","mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "students_library_email_unique" ON "students" USING btree ("library_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "students_library_aadhaar_unique" ON "students" USING btree ("library_id","aadhaar_hash");--> statement-breakpoint
CREATE INDEX "students_library_name_idx" ON "students" USING btree ("library_id","first_name","last_name");--> statement-breakpoint
CREATE INDEX "students_search_trgm_idx" ON "students" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "areas_library_name_unique" ON "areas" USING btree ("library_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "seats_area_name_unique" ON "seats" USING btree ("area_id",lower("name"));--> statement-breakpoint
CREATE INDEX "seats_library_area_idx" ON "seats" USING btree ("library_id","area_id");