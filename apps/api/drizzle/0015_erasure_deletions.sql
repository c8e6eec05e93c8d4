CREATE TABLE "storage_deletions" (
	"key" text PRIMARY KEY NOT NULL,
	"library_id" uuid NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	CONSTRAINT "storage_deletions_attempts_check" CHECK ("storage_deletions"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "storage_deletions" ADD CONSTRAINT "storage_deletions_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storage_deletions_library_idx" ON "storage_deletions" USING btree ("library_id");