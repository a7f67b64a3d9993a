-- The fields dealers use (issue 31 item 7, ADR 0040): the patente (unique, normalised, staff only), doors, previous
-- owners and a description; and the revision the stock spreadsheet carries per row, so an import knows a row is older
-- than the vehicle it would change. Existing vehicles start at revision 1.
ALTER TABLE "vehicles" ADD COLUMN "plate" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "doors" smallint;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "previous_owners" smallint;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_plate_unique" ON "vehicles" USING btree ("plate");--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_plate_format" CHECK ("vehicles"."plate" ~ '^([A-Z]{4}[0-9]{2}|[A-Z]{2}[0-9]{4})$');--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_doors_range" CHECK ("vehicles"."doors" between 2 and 6);--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_previous_owners_range" CHECK ("vehicles"."previous_owners" between 0 and 15);--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_description_length" CHECK (char_length("vehicles"."description") between 1 and 2000);