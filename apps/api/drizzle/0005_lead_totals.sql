CREATE TABLE "lead_totals" (
	"contract_status" text NOT NULL,
	"prospectus_year" integer NOT NULL,
	"vertical_id" uuid NOT NULL,
	"quota_id" uuid NOT NULL,
	"platform_id" uuid NOT NULL,
	"lead_count" bigint NOT NULL,
	"credit" numeric NOT NULL,
	"invest" numeric NOT NULL,
	CONSTRAINT "lead_totals_pk" PRIMARY KEY("contract_status","prospectus_year","vertical_id","quota_id","platform_id")
);
