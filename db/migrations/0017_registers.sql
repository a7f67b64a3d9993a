CREATE TABLE "breach_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"breach_id" integer NOT NULL,
	"email_hash" text NOT NULL,
	"outbox_id" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_breaches" (
	"id" serial PRIMARY KEY NOT NULL,
	"summary" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	"categories" jsonb NOT NULL,
	"affected_people" integer NOT NULL,
	"consequences" text NOT NULL,
	"measures" text NOT NULL,
	"agency_notified_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "breach_notices" ADD CONSTRAINT "breach_notices_breach_id_security_breaches_id_fk" FOREIGN KEY ("breach_id") REFERENCES "public"."security_breaches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breach_notices" ADD CONSTRAINT "breach_notices_outbox_id_email_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breach_notices" ADD CONSTRAINT "breach_notices_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_breaches" ADD CONSTRAINT "security_breaches_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "breach_notices_once" ON "breach_notices" USING btree ("breach_id","email_hash");