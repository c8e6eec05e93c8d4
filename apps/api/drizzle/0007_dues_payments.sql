CREATE TABLE "due_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"library_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"due_group" text NOT NULL,
	"channel" text NOT NULL,
	"stage" text,
	"plan_expires_at" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"sent_by" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "due_reminders_group_check" CHECK ("due_reminders"."due_group" in ('expiring', 'expired', 'unpaid')),
	CONSTRAINT "due_reminders_channel_check" CHECK ("due_reminders"."channel" in ('whatsapp', 'sms', 'push')),
	CONSTRAINT "due_reminders_stage_check" CHECK ("due_reminders"."stage" is null or "due_reminders"."stage" in ('before', 'on_day', 'after'))
);
--> statement-breakpoint
CREATE TABLE "library_settings" (
	"library_id" uuid PRIMARY KEY NOT NULL,
	"upi_id" text,
	"upi_payee_name" text,
	"dues_expiring_days" integer DEFAULT 5 NOT NULL,
	"dues_grace_days" integer DEFAULT 7 NOT NULL,
	"reminder_template" text,
	"auto_push_reminders" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_settings_expiring_days_check" CHECK ("library_settings"."dues_expiring_days" between 1 and 60),
	CONSTRAINT "library_settings_grace_days_check" CHECK ("library_settings"."dues_grace_days" between 0 and 60)
);
--> statement-breakpoint
CREATE TABLE "price_list" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"library_id" uuid NOT NULL,
	"duration_months" integer NOT NULL,
	"is_reserved" boolean NOT NULL,
	"window_hours" integer,
	"price" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_duration_check" CHECK ("price_list"."duration_months" between 1 and 36),
	CONSTRAINT "price_list_window_hours_check" CHECK ("price_list"."window_hours" is null or "price_list"."window_hours" between 1 and 24),
	CONSTRAINT "price_list_price_check" CHECK ("price_list"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"library_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"duration_months" integer NOT NULL,
	"list_price" numeric(12, 2),
	"price" numeric(12, 2) NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_charges_kind_check" CHECK ("subscription_charges"."kind" in ('new', 'renewal')),
	CONSTRAINT "subscription_charges_price_check" CHECK ("subscription_charges"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "fees" DROP CONSTRAINT "fees_kind_check";--> statement-breakpoint
ALTER TABLE "fees" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "fees" ADD COLUMN "recorded_by" uuid;--> statement-breakpoint
ALTER TABLE "due_reminders" ADD CONSTRAINT "due_reminders_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "due_reminders" ADD CONSTRAINT "due_reminders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "due_reminders" ADD CONSTRAINT "due_reminders_sent_by_admins_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_settings" ADD CONSTRAINT "library_settings_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list" ADD CONSTRAINT "price_list_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "due_reminders_subscription_idx" ON "due_reminders" USING btree ("subscription_id","sent_at");--> statement-breakpoint
CREATE INDEX "due_reminders_library_sent_idx" ON "due_reminders" USING btree ("library_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "due_reminders_push_stage_unique" ON "due_reminders" USING btree ("subscription_id","plan_expires_at","stage") WHERE "due_reminders"."stage" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_plan_unique" ON "price_list" USING btree ("library_id","duration_months","is_reserved",coalesce("window_hours", 0));--> statement-breakpoint
CREATE INDEX "subscription_charges_subscription_idx" ON "subscription_charges" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "subscription_charges_library_idx" ON "subscription_charges" USING btree ("library_id","created_at");--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_recorded_by_admins_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fees_library_reference_unique" ON "fees" USING btree ("library_id","reference") WHERE "fees"."reference" is not null;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_kind_check" CHECK ("fees"."kind" in ('new', 'renewal', 'balance'));--> statement-breakpoint
-- Every fee recorded before prices were kept was the whole price of its period: one charge each, paid in full.
INSERT INTO "subscription_charges" ("library_id", "subscription_id", "student_id", "kind", "duration_months", "price", "created_at")
SELECT "library_id", "subscription_id", "student_id", "kind", "duration", "amount", "created_at" FROM "fees";
