CREATE INDEX "email_outbox_attachments_idx" ON "email_outbox" USING gin ("attachments" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "leads_retention_idx" ON "leads" USING btree ("kind",greatest("created_at", "status_changed_at", "first_contact_at", "test_drive_at")) WHERE "leads"."anonymized_at" is null;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_anonymized_empty" CHECK ("leads"."anonymized_at" is null or ("leads"."email" = '' and "leads"."phone" is null and "leads"."message" is null
        and "leads"."simulation" is null and "leads"."test_drive_at" is null and "leads"."ip_hash" is null and "leads"."source_page" is null
        and "leads"."landing_page" is null and "leads"."referrer_host" is null and "leads"."utm_source" is null
        and "leads"."utm_medium" is null and "leads"."utm_campaign" is null));