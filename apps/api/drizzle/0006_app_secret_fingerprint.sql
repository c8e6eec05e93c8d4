CREATE TABLE "app_secret_fingerprint" (
	"id" text PRIMARY KEY DEFAULT 'app-secret' NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_secret_fingerprint_single_row" CHECK (id = 'app-secret')
);
