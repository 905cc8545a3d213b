DROP INDEX "brands_name_search_idx";--> statement-breakpoint
DROP INDEX "brands_company_name_search_idx";--> statement-breakpoint
CREATE INDEX "brands_name_search_idx" ON "brands" USING btree ("name_search");--> statement-breakpoint
CREATE INDEX "brands_company_name_search_idx" ON "brands" USING btree ("company_name_search");