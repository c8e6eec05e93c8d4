CREATE TABLE "attendance_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"library_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"subscription_id" uuid,
	"day" date NOT NULL,
	"checked_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_out_at" timestamp with time zone,
	"last_scan_at" timestamp with time zone DEFAULT now() NOT NULL,
	"method" text NOT NULL,
	"checked_in_by" uuid,
	CONSTRAINT "attendance_visits_method_check" CHECK ("attendance_visits"."method" in ('pass', 'card', 'mobile')),
	CONSTRAINT "attendance_visits_out_after_in_check" CHECK ("attendance_visits"."checked_out_at" is null or "attendance_visits"."checked_out_at" >= "attendance_visits"."checked_in_at")
);
--> statement-breakpoint
CREATE TABLE "notification_recipients" (
	"notification_id" uuid NOT NULL,
	"library_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notification_recipients_pk" PRIMARY KEY("notification_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "student_id_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"library_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "student_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"library_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"device_label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_pass_step" bigint,
	CONSTRAINT "student_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "student_devices" ADD COLUMN "push_p256dh" text;--> statement-breakpoint
ALTER TABLE "student_devices" ADD COLUMN "push_auth" text;--> statement-breakpoint
ALTER TABLE "student_devices" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "library_settings" ADD COLUMN "checkin_max_due" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "library_settings" ADD COLUMN "checkin_early_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_visits" ADD CONSTRAINT "attendance_visits_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_visits" ADD CONSTRAINT "attendance_visits_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_visits" ADD CONSTRAINT "attendance_visits_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_visits" ADD CONSTRAINT "attendance_visits_checked_in_by_admins_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD CONSTRAINT "notification_recipients_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD CONSTRAINT "notification_recipients_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD CONSTRAINT "notification_recipients_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_id_cards" ADD CONSTRAINT "student_id_cards_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_id_cards" ADD CONSTRAINT "student_id_cards_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_sessions" ADD CONSTRAINT "student_sessions_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_sessions" ADD CONSTRAINT "student_sessions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_visits_library_day_idx" ON "attendance_visits" USING btree ("library_id","day");--> statement-breakpoint
CREATE INDEX "attendance_visits_library_student_idx" ON "attendance_visits" USING btree ("library_id","student_id","checked_in_at");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_visits_one_open_unique" ON "attendance_visits" USING btree ("library_id","student_id") WHERE checked_out_at is null;--> statement-breakpoint
CREATE INDEX "notification_recipients_student_idx" ON "notification_recipients" USING btree ("library_id","student_id","notification_id");--> statement-breakpoint
CREATE INDEX "student_id_cards_library_student_idx" ON "student_id_cards" USING btree ("library_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_id_cards_one_live_unique" ON "student_id_cards" USING btree ("library_id","student_id") WHERE revoked_at is null;--> statement-breakpoint
CREATE INDEX "student_sessions_library_student_idx" ON "student_sessions" USING btree ("library_id","student_id");--> statement-breakpoint
ALTER TABLE "student_devices" ADD CONSTRAINT "student_devices_session_id_student_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."student_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_devices_session_idx" ON "student_devices" USING btree ("session_id");--> statement-breakpoint
ALTER TABLE "student_devices" ADD CONSTRAINT "student_devices_web_push_check" CHECK (("student_devices"."push_p256dh" is null) = ("student_devices"."push_auth" is null) and ("student_devices"."push_p256dh" is null or "student_devices"."platform" = 'web'));--> statement-breakpoint
ALTER TABLE "library_settings" ADD CONSTRAINT "library_settings_checkin_max_due_check" CHECK ("library_settings"."checkin_max_due" >= 0);--> statement-breakpoint
ALTER TABLE "library_settings" ADD CONSTRAINT "library_settings_checkin_early_check" CHECK ("library_settings"."checkin_early_minutes" between 0 and 120);