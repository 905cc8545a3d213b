CREATE TABLE "lead_franchise_statuses" (
	"lead_id" uuid NOT NULL,
	"franchise_id" uuid NOT NULL,
	"contract_status" text NOT NULL,
	"status_changed_at" timestamp with time zone NOT NULL,
	"prospectus_year" integer NOT NULL,
	"vertical_id" uuid NOT NULL,
	"quota_id" uuid NOT NULL,
	"platform_id" uuid NOT NULL,
	"credit" numeric(14, 2) DEFAULT 0 NOT NULL,
	"invest" numeric(14, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "lead_franchise_statuses_pk" PRIMARY KEY("lead_id","franchise_id")
);
--> statement-breakpoint
ALTER TABLE "lead_franchise_statuses" ADD CONSTRAINT "lead_franchise_statuses_link_fk" FOREIGN KEY ("lead_id","franchise_id") REFERENCES "public"."lead_franchises"("lead_id","franchise_id") ON DELETE cascade ON UPDATE cascade;