CREATE TABLE "fees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"library_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"duration" integer NOT NULL,
	"unit" text DEFAULT 'months' NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"kind" text NOT NULL,
	"is_reserved" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fees_amount_check" CHECK ("fees"."amount" >= 0),
	CONSTRAINT "fees_mode_check" CHECK ("fees"."mode" in ('Cash', 'UPI', 'Card', 'Bank Transfer', 'Cheque')),
	CONSTRAINT "fees_kind_check" CHECK ("fees"."kind" in ('new', 'renewal'))
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"library_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer NOT NULL,
	"response_body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_library_id_key_pk" PRIMARY KEY("library_id","key")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"library_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"seat_id" uuid,
	"is_reserved" boolean NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"joining_date" date NOT NULL,
	"plan_expires_at" date NOT NULL,
	"duration_months" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_reserved_seat_check" CHECK (("subscriptions"."is_reserved" and "subscriptions"."seat_id" is not null) or (not "subscriptions"."is_reserved" and "subscriptions"."seat_id" is null)),
	CONSTRAINT "subscriptions_dates_check" CHECK ("subscriptions"."plan_expires_at" >= "subscriptions"."joining_date")
);
--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_seat_id_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."seats"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fees_library_created_idx" ON "fees" USING btree ("library_id","created_at");--> statement-breakpoint
CREATE INDEX "fees_library_updated_idx" ON "fees" USING btree ("library_id","updated_at");--> statement-breakpoint
CREATE INDEX "fees_subscription_idx" ON "fees" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_library_expiry_idx" ON "subscriptions" USING btree ("library_id","plan_expires_at");--> statement-breakpoint
CREATE INDEX "subscriptions_library_student_idx" ON "subscriptions" USING btree ("library_id","student_id");--> statement-breakpoint
CREATE INDEX "subscriptions_seat_idx" ON "subscriptions" USING btree ("seat_id");