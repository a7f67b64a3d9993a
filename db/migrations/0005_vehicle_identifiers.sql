ALTER TABLE "vehicles" ADD COLUMN "vin" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "external_ref" text;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_vin_unique" ON "vehicles" USING btree ("vin");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_external_ref_unique" ON "vehicles" USING btree ("external_ref");--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_vin_format" CHECK ("vehicles"."vin" ~ '^[A-HJ-NPR-Z0-9]{17}$');--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_external_ref_length" CHECK (char_length("vehicles"."external_ref") between 1 and 40);