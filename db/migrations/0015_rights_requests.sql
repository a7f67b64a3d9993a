CREATE TABLE "rights_request_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" bigint NOT NULL,
	"action" text NOT NULL,
	"staff_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"email_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rights_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"right" text NOT NULL,
	"details" text,
	"block_requested" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'sin_confirmar' NOT NULL,
	"token_hash" text,
	"token_expires_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"extended_at" timestamp with time zone,
	"extension_reason" text,
	"block_due_at" timestamp with time zone,
	"blocked_at" timestamp with time zone,
	"unblocked_at" timestamp with time zone,
	"export_token_hash" text,
	"export_expires_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"resolution_note" text,
	"reminder_sent_at" timestamp with time zone,
	"block_reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rights_request_events" ADD CONSTRAINT "rights_request_events_request_id_rights_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."rights_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_request_events" ADD CONSTRAINT "rights_request_events_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_request_events" ADD CONSTRAINT "rights_request_events_email_id_email_outbox_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_requests" ADD CONSTRAINT "rights_requests_resolved_by_staff_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rights_request_events_request_idx" ON "rights_request_events" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rights_requests_token_idx" ON "rights_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "rights_requests_export_token_idx" ON "rights_requests" USING btree ("export_token_hash");--> statement-breakpoint
CREATE INDEX "rights_requests_status_idx" ON "rights_requests" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "rights_requests_blocked_idx" ON "rights_requests" USING btree ("email") WHERE "rights_requests"."blocked_at" is not null and "rights_requests"."unblocked_at" is null;--> statement-breakpoint
CREATE INDEX "rights_requests_email_idx" ON "rights_requests" USING btree ("email","created_at");