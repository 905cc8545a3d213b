CREATE TABLE "lead_franchise_totals" (
	"franchise_id" uuid NOT NULL,
	"contract_status" text NOT NULL,
	"prospectus_year" integer NOT NULL,
	"vertical_id" uuid NOT NULL,
	"quota_id" uuid NOT NULL,
	"platform_id" uuid NOT NULL,
	"lead_count" bigint NOT NULL,
	"credit" numeric NOT NULL,
	"invest" numeric NOT NULL,
	CONSTRAINT "lead_franchise_totals_pk" PRIMARY KEY("franchise_id","contract_status","prospectus_year","vertical_id","quota_id","platform_id")
);
