CREATE TABLE "offering_stock" (
	"offering_id" uuid PRIMARY KEY NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "offering_stock_counts_check" CHECK ("offering_stock"."held" >= 0 and "offering_stock"."sold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "offerings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prospectus_year" integer NOT NULL,
	"vertical_id" uuid NOT NULL,
	"platform_id" uuid NOT NULL,
	"quota_id" uuid NOT NULL,
	"franchise_id" uuid,
	"quantity" integer NOT NULL,
	"list_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offerings_key_unique" UNIQUE NULLS NOT DISTINCT("prospectus_year","vertical_id","platform_id","quota_id","franchise_id"),
	CONSTRAINT "offerings_status_check" CHECK (status in ('active', 'inactive')),
	CONSTRAINT "offerings_quantity_check" CHECK (quantity between 1 and 10000),
	CONSTRAINT "offerings_list_price_check" CHECK ("offerings"."list_price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "pipeline_statuses" ADD COLUMN "holds_quota" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offering_stock" ADD CONSTRAINT "offering_stock_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_vertical_id_verticals_id_fk" FOREIGN KEY ("vertical_id") REFERENCES "public"."verticals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_quota_id_quotas_id_fk" FOREIGN KEY ("quota_id") REFERENCES "public"."quotas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offerings_created_at_idx" ON "offerings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "offerings_franchise_id_idx" ON "offerings" USING btree ("franchise_id");--> statement-breakpoint
-- The statuses whose opportunities hold a quota of the prospectus, by default: closed, at the
-- legal department and signed.
UPDATE "pipeline_statuses" SET "holds_quota" = true WHERE "contract_status" IN ('fechado', 'no_juridico', 'assinado');
