CREATE TABLE "consent_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"lead_id" bigint,
	"purpose" text NOT NULL,
	"action" text NOT NULL,
	"wording" text NOT NULL,
	"policy_version" integer,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_cessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lead_id" bigint,
	"recipient" text NOT NULL,
	"categories" jsonb NOT NULL,
	"consent_event_id" bigint,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_policy_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"text_hash" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "anonymized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_policy_version_privacy_policy_versions_version_fk" FOREIGN KEY ("policy_version") REFERENCES "public"."privacy_policy_versions"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_cessions" ADD CONSTRAINT "lead_cessions_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_cessions" ADD CONSTRAINT "lead_cessions_consent_event_id_consent_events_id_fk" FOREIGN KEY ("consent_event_id") REFERENCES "public"."consent_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_cessions" ADD CONSTRAINT "lead_cessions_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_events_email_idx" ON "consent_events" USING btree ("email","purpose","created_at");--> statement-breakpoint
CREATE INDEX "consent_events_lead_idx" ON "consent_events" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "lead_cessions_lead_idx" ON "lead_cessions" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "lead_cessions_created_idx" ON "lead_cessions" USING btree ("created_at");