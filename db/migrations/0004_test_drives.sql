CREATE TABLE "test_drive_slots" (
	"starts_at" timestamp with time zone PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "test_drive_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "leads_test_drive_idx" ON "leads" USING btree ("test_drive_at");