CREATE INDEX "brands_responsible_trgm_idx" ON "brands" USING gin (f_unaccent_lower("responsible") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "brands_cnpj_trgm_idx" ON "brands" USING gin ("cnpj" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_principal_name_trgm_idx" ON "contacts" USING gin (f_unaccent_lower("first_name" || ' ' || "last_name") gin_trgm_ops) WHERE "contacts"."flag" = 'principal';--> statement-breakpoint
CREATE INDEX "contacts_principal_email_trgm_idx" ON "contacts" USING gin (f_unaccent_lower("email") gin_trgm_ops) WHERE "contacts"."flag" = 'principal';