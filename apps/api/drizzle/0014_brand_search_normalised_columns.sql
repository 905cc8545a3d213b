DROP INDEX "brands_name_trgm_idx";--> statement-breakpoint
DROP INDEX "brands_company_name_trgm_idx";--> statement-breakpoint
DROP INDEX "brands_responsible_trgm_idx";--> statement-breakpoint
DROP INDEX "contacts_principal_name_trgm_idx";--> statement-breakpoint
DROP INDEX "contacts_principal_email_trgm_idx";--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "name_search" text GENERATED ALWAYS AS (f_unaccent_lower(name)) STORED;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "company_name_search" text GENERATED ALWAYS AS (f_unaccent_lower(company_name)) STORED;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "responsible_search" text GENERATED ALWAYS AS (f_unaccent_lower(responsible)) STORED;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "full_name_search" text GENERATED ALWAYS AS (f_unaccent_lower(first_name || ' ' || last_name)) STORED;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "email_search" text GENERATED ALWAYS AS (f_unaccent_lower(email)) STORED;--> statement-breakpoint
CREATE INDEX "brands_name_trgm_idx" ON "brands" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "brands_company_name_trgm_idx" ON "brands" USING gin ("company_name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "brands_responsible_trgm_idx" ON "brands" USING gin ("responsible_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_principal_name_trgm_idx" ON "contacts" USING gin ("full_name_search" gin_trgm_ops) WHERE "contacts"."flag" = 'principal';--> statement-breakpoint
CREATE INDEX "contacts_principal_email_trgm_idx" ON "contacts" USING gin ("email_search" gin_trgm_ops) WHERE "contacts"."flag" = 'principal';