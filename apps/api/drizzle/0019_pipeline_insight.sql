CREATE TABLE "pipeline_statuses" (
	"contract_status" text PRIMARY KEY NOT NULL,
	"probability" integer NOT NULL,
	"stale_after_days" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pipeline_statuses_status_check" CHECK ("pipeline_statuses"."contract_status" in ('frio', 'morno', 'quente', 'fechado', 'no_juridico', 'assinado', 'declinado', 'cancelado')),
	CONSTRAINT "pipeline_statuses_probability_check" CHECK ("pipeline_statuses"."probability" between 0 and 100),
	CONSTRAINT "pipeline_statuses_stale_after_days_check" CHECK ("pipeline_statuses"."stale_after_days" between 1 and 365)
);
--> statement-breakpoint
ALTER TABLE "lead_status_changes" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;