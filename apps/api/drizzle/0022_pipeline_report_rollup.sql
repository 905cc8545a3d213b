CREATE TABLE "pipeline_report_days" (
	"dimension" text NOT NULL,
	"day" date NOT NULL,
	"dimension_id" uuid,
	"created" bigint DEFAULT 0 NOT NULL,
	"won" bigint DEFAULT 0 NOT NULL,
	"won_credit" numeric DEFAULT '0' NOT NULL,
	"won_days" numeric DEFAULT '0' NOT NULL,
	"lost" bigint DEFAULT 0 NOT NULL,
	"lost_credit" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "pipeline_report_days_key" UNIQUE NULLS NOT DISTINCT("dimension","day","dimension_id"),
	CONSTRAINT "pipeline_report_days_dimension_check" CHECK ("pipeline_report_days"."dimension" in ('all', 'executive', 'vertical', 'platform'))
);
--> statement-breakpoint
CREATE TABLE "pipeline_report_reason_days" (
	"dimension" text NOT NULL,
	"day" date NOT NULL,
	"dimension_id" uuid,
	"reason" text NOT NULL,
	"lost" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "pipeline_report_reason_days_key" UNIQUE NULLS NOT DISTINCT("dimension","day","dimension_id","reason"),
	CONSTRAINT "pipeline_report_reason_days_dimension_check" CHECK ("pipeline_report_reason_days"."dimension" in ('all', 'executive', 'vertical', 'platform'))
);
--> statement-breakpoint
DROP INDEX "lead_status_changes_to_status_created_at_idx";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "won_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lost_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lost_reason" text;
