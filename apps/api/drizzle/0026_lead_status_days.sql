CREATE TABLE "lead_status_days" (
	"contract_status" text NOT NULL,
	"day" date NOT NULL,
	"prospectus_year" integer NOT NULL,
	"lead_count" bigint NOT NULL,
	"credit" numeric NOT NULL,
	"invest" numeric NOT NULL,
	CONSTRAINT "lead_status_days_pk" PRIMARY KEY("contract_status","day","prospectus_year")
);
