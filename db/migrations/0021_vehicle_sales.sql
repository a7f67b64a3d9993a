CREATE TABLE "vehicle_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"sold_on" date NOT NULL,
	"price" bigint NOT NULL,
	"list_price" bigint NOT NULL,
	"cost" bigint,
	"salesperson_id" integer NOT NULL,
	"lead_id" bigint,
	"source" text,
	"published_at" timestamp with time zone,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" integer,
	"undo_reason" text,
	CONSTRAINT "vehicle_sales_price_positive" CHECK ("vehicle_sales"."price" > 0 and "vehicle_sales"."list_price" > 0),
	CONSTRAINT "vehicle_sales_cost_positive" CHECK ("vehicle_sales"."cost" is null or "vehicle_sales"."cost" > 0)
);
--> statement-breakpoint
ALTER TABLE "vehicle_sales" ADD CONSTRAINT "vehicle_sales_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_sales" ADD CONSTRAINT "vehicle_sales_salesperson_id_staff_users_id_fk" FOREIGN KEY ("salesperson_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_sales" ADD CONSTRAINT "vehicle_sales_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_sales" ADD CONSTRAINT "vehicle_sales_recorded_by_staff_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_sales" ADD CONSTRAINT "vehicle_sales_undone_by_staff_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_sales_live_unique" ON "vehicle_sales" USING btree ("vehicle_id") WHERE "vehicle_sales"."undone_at" is null;--> statement-breakpoint
CREATE INDEX "vehicle_sales_sold_on_idx" ON "vehicle_sales" USING btree ("sold_on") WHERE "vehicle_sales"."undone_at" is null;