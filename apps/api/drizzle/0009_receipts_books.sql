CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"library_id" uuid NOT NULL,
	"spent_on" date NOT NULL,
	"category" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"note" text,
	"mode" text NOT NULL,
	"recurring_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_amount_check" CHECK ("expenses"."amount" > 0),
	CONSTRAINT "expenses_mode_check" CHECK ("expenses"."mode" in ('Cash', 'UPI', 'Card', 'Bank Transfer', 'Cheque'))
);
--> statement-breakpoint
CREATE TABLE "receipt_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"library_id" uuid NOT NULL,
	"fee_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	CONSTRAINT "receipt_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "recurring_expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"library_id" uuid NOT NULL,
	"category" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"note" text,
	"mode" text NOT NULL,
	"day_of_month" integer NOT NULL,
	"start_month" date NOT NULL,
	"generated_through" date,
	"stopped_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_expenses_amount_check" CHECK ("recurring_expenses"."amount" > 0),
	CONSTRAINT "recurring_expenses_day_check" CHECK ("recurring_expenses"."day_of_month" between 1 and 28),
	CONSTRAINT "recurring_expenses_mode_check" CHECK ("recurring_expenses"."mode" in ('Cash', 'UPI', 'Card', 'Bank Transfer', 'Cheque'))
);
--> statement-breakpoint
ALTER TABLE "fees" DROP CONSTRAINT "fees_amount_check";--> statement-breakpoint
ALTER TABLE "fees" DROP CONSTRAINT "fees_kind_check";--> statement-breakpoint
ALTER TABLE "fees" ADD COLUMN "period_start" date;--> statement-breakpoint
ALTER TABLE "fees" ADD COLUMN "period_end" date;--> statement-breakpoint
ALTER TABLE "fees" ADD COLUMN "window_start" time;--> statement-breakpoint
ALTER TABLE "fees" ADD COLUMN "window_end" time;--> statement-breakpoint
ALTER TABLE "fees" ADD COLUMN "seat_name" text;--> statement-breakpoint
ALTER TABLE "fees" ADD COLUMN "area_name" text;--> statement-breakpoint
ALTER TABLE "fees" ADD COLUMN "tax_gstin" text;--> statement-breakpoint
ALTER TABLE "fees" ADD COLUMN "tax_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "fees" ADD COLUMN "tax_sac" text;--> statement-breakpoint
ALTER TABLE "fees" ADD COLUMN "place_of_supply" text;--> statement-breakpoint
ALTER TABLE "fees" ADD COLUMN "taxable_value" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "fees" ADD COLUMN "cgst" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "fees" ADD COLUMN "sgst" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "fees" ADD COLUMN "igst" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "fees" ADD COLUMN "adjusts_id" uuid;--> statement-breakpoint
ALTER TABLE "fees" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "fees" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fees" ADD COLUMN "voided_by" uuid;--> statement-breakpoint
ALTER TABLE "fees" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "library_settings" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "library_settings" ADD COLUMN "gst_rate" numeric(5, 2) DEFAULT '18' NOT NULL;--> statement-breakpoint
ALTER TABLE "library_settings" ADD COLUMN "sac" text DEFAULT '998431' NOT NULL;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_recurring_id_recurring_expenses_id_fk" FOREIGN KEY ("recurring_id") REFERENCES "public"."recurring_expenses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_links" ADD CONSTRAINT "receipt_links_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_links" ADD CONSTRAINT "receipt_links_fee_id_fees_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."fees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_links" ADD CONSTRAINT "receipt_links_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_links" ADD CONSTRAINT "receipt_links_revoked_by_admins_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expenses_library_spent_idx" ON "expenses" USING btree ("library_id","spent_on");--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_recurring_day_unique" ON "expenses" USING btree ("recurring_id","spent_on") WHERE "expenses"."recurring_id" is not null;--> statement-breakpoint
CREATE INDEX "receipt_links_fee_idx" ON "receipt_links" USING btree ("fee_id");--> statement-breakpoint
CREATE INDEX "recurring_expenses_library_idx" ON "recurring_expenses" USING btree ("library_id");--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_adjusts_id_fees_id_fk" FOREIGN KEY ("adjusts_id") REFERENCES "public"."fees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_voided_by_admins_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fees_adjusts_idx" ON "fees" USING btree ("adjusts_id") WHERE "fees"."adjusts_id" is not null;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_adjustment_check" CHECK (("fees"."kind" = 'adjustment') = ("fees"."adjusts_id" is not null and "fees"."reason" is not null));--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_void_check" CHECK (("fees"."voided_at" is null) = ("fees"."void_reason" is null));--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_tax_check" CHECK ("fees"."tax_gstin" is null or ("fees"."tax_rate" is not null and "fees"."taxable_value" is not null and "fees"."place_of_supply" is not null));--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_amount_check" CHECK ("fees"."amount" >= 0 or "fees"."kind" = 'adjustment');--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_kind_check" CHECK ("fees"."kind" in ('new', 'renewal', 'balance', 'adjustment'));--> statement-breakpoint
ALTER TABLE "library_settings" ADD CONSTRAINT "library_settings_gstin_check" CHECK ("library_settings"."gstin" ~ '^[0-9]{2}[A-Z0-9]{13}$');--> statement-breakpoint
ALTER TABLE "library_settings" ADD CONSTRAINT "library_settings_gst_rate_check" CHECK ("library_settings"."gst_rate" > 0 and "library_settings"."gst_rate" <= 40);--> statement-breakpoint
ALTER TABLE "library_settings" ADD CONSTRAINT "library_settings_sac_check" CHECK ("library_settings"."sac" ~ '^99[0-9]{4}$');--> statement-breakpoint
-- Issue 14: what older receipts show of the plan, taken from the subscription as it stands
-- (payments from now on keep it as it was when paid).
UPDATE "fees" SET
	"period_start" = s."joining_date",
	"period_end" = s."plan_expires_at",
	"window_start" = s."start_time",
	"window_end" = s."end_time",
	"seat_name" = seat."name",
	"area_name" = area."name"
FROM "subscriptions" s
LEFT JOIN "seats" seat ON seat."id" = s."seat_id"
LEFT JOIN "areas" area ON area."id" = seat."area_id"
WHERE "fees"."subscription_id" = s."id";
