ALTER TABLE "leads" ADD COLUMN "first_contact_by" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_first_contact_by_staff_users_id_fk" FOREIGN KEY ("first_contact_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A lead whose last status change is its first contact was first contacted by whoever made that change.
UPDATE "leads" SET "first_contact_by" = "status_changed_by" WHERE "first_contact_at" IS NOT NULL AND "first_contact_at" = "status_changed_at";
