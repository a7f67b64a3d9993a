CREATE TABLE "alert_digests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"day" date NOT NULL,
	"outbox_id" bigint,
	"vehicles" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_stock_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"change" text NOT NULL,
	"previous_price" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search_matches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"saved_search_id" bigint NOT NULL,
	"vehicle_id" integer NOT NULL,
	"reason" text NOT NULL,
	"price" bigint NOT NULL,
	"previous_price" bigint,
	"digest_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"query_string" text NOT NULL,
	"price_min" bigint,
	"price_max" bigint,
	"year_min" smallint,
	"year_max" smallint,
	"cuota_max" bigint,
	"brand_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"conditions" text[] DEFAULT '{}'::text[] NOT NULL,
	"body_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"transmissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"fuel_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"vehicle_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text,
	"token_expires_at" timestamp with time zone NOT NULL,
	"wording" text NOT NULL,
	"policy_version" integer,
	"consent_event_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"price_range" "int8range" GENERATED ALWAYS AS (int8range(coalesce("price_min", 0), coalesce("price_max", 9000000000000000), '[]')) STORED,
	"year_range" "int4range" GENERATED ALWAYS AS (int4range(coalesce("year_min", 1900), coalesce("year_max", 2100), '[]')) STORED,
	CONSTRAINT "saved_searches_ranges" CHECK (("saved_searches"."price_min" is null or "saved_searches"."price_max" is null or "saved_searches"."price_min" <= "saved_searches"."price_max") and ("saved_searches"."year_min" is null or "saved_searches"."year_max" is null or "saved_searches"."year_min" <= "saved_searches"."year_max"))
);
--> statement-breakpoint
ALTER TABLE "consent_events" ADD COLUMN "saved_search_id" bigint;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_digests" ADD CONSTRAINT "alert_digests_outbox_id_email_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_stock_changes" ADD CONSTRAINT "alert_stock_changes_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_digest_id_alert_digests_id_fk" FOREIGN KEY ("digest_id") REFERENCES "public"."alert_digests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_policy_version_privacy_policy_versions_version_fk" FOREIGN KEY ("policy_version") REFERENCES "public"."privacy_policy_versions"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_consent_event_id_consent_events_id_fk" FOREIGN KEY ("consent_event_id") REFERENCES "public"."consent_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_digests_once_a_day" ON "alert_digests" USING btree ("email","day");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_search_matches_once" ON "saved_search_matches" USING btree ("saved_search_id","vehicle_id","price");--> statement-breakpoint
CREATE INDEX "saved_search_matches_waiting_idx" ON "saved_search_matches" USING btree ("created_at") WHERE "saved_search_matches"."digest_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_token_idx" ON "saved_searches" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "saved_searches_email_idx" ON "saved_searches" USING btree ("email","status");--> statement-breakpoint
CREATE INDEX "saved_searches_match_idx" ON "saved_searches" USING gist ("price_range","year_range") WHERE "saved_searches"."status" = 'confirmed' and "saved_searches"."kind" = 'busqueda';--> statement-breakpoint
CREATE INDEX "saved_searches_favourites_idx" ON "saved_searches" USING gin ("vehicle_ids") WHERE "saved_searches"."status" = 'confirmed' and "saved_searches"."kind" = 'favoritos';--> statement-breakpoint
CREATE INDEX "saved_searches_pending_idx" ON "saved_searches" USING btree ("created_at") WHERE "saved_searches"."status" = 'pending';--> statement-breakpoint
-- ADR 0039: every stock change the alerts look at is queued in the transaction that makes it, whoever the writer
-- (the back office, the stock import, a sale undone): a vehicle published, or a published vehicle's price lowered.
CREATE FUNCTION "alert_stock_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'published' AND (TG_OP = 'INSERT' OR OLD.status <> 'published') THEN
    INSERT INTO alert_stock_changes (vehicle_id, change) VALUES (NEW.id, 'publicado');
  ELSIF TG_OP = 'UPDATE' AND NEW.status = 'published' AND OLD.status = 'published' AND NEW.price < OLD.price THEN
    INSERT INTO alert_stock_changes (vehicle_id, change, previous_price) VALUES (NEW.id, 'baja', OLD.price);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "vehicles_alert_stock_change" AFTER INSERT OR UPDATE OF "status", "price" ON "vehicles"
  FOR EACH ROW EXECUTE FUNCTION "alert_stock_change"();
