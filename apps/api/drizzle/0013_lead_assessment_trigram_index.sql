CREATE INDEX "leads_assessment_trgm_idx" ON "leads" USING gin (f_unaccent_lower("assessment") gin_trgm_ops);--> statement-breakpoint
-- The planner needs the expression's statistics to choose between this index and the newest-first
-- scan; until autovacuum gathers them a rare substring could walk the whole table backwards.
ANALYZE "leads";
