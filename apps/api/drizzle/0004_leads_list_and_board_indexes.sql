DROP INDEX "lead_status_changes_lead_id_created_at_idx";--> statement-breakpoint
DROP INDEX "leads_contract_status_idx";--> statement-breakpoint
DROP INDEX "leads_prospectus_year_idx";--> statement-breakpoint
DROP INDEX "leads_created_at_idx";--> statement-breakpoint
ALTER TABLE "lead_status_changes" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "lead_status_changes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE INDEX "lead_status_changes_lead_id_seq_idx" ON "lead_status_changes" USING btree ("lead_id","seq");--> statement-breakpoint
CREATE INDEX "leads_created_at_id_idx" ON "leads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "leads_status_created_at_id_idx" ON "leads" USING btree ("contract_status","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_year_status_created_at_id_idx" ON "leads" USING btree ("prospectus_year","contract_status","created_at","id");