-- The pipeline's settings start with the defaults: the probability of signing a deal in each
-- status, and the days it may stay there before it is stale (null: never).
INSERT INTO pipeline_statuses (contract_status, probability, stale_after_days) VALUES
  ('frio', 10, 30),
  ('morno', 25, 21),
  ('quente', 50, 14),
  ('fechado', 80, 14),
  ('no_juridico', 90, 21),
  ('assinado', 100, NULL),
  ('declinado', 0, NULL),
  ('cancelado', 0, NULL)
ON CONFLICT DO NOTHING;--> statement-breakpoint

-- Existing leads entered their status at their latest history entry (every lead has its creation
-- entry; one without any keeps its creation time). Filling in a new column is no change of the
-- leads: the triggers that keep the running totals and the live-update outbox sit it out, or a
-- million leads would each become a "lead.updated" event.
ALTER TABLE leads DISABLE TRIGGER leads_outbox_update;--> statement-breakpoint
ALTER TABLE leads DISABLE TRIGGER lead_totals_after_update;--> statement-breakpoint
ALTER TABLE leads DISABLE TRIGGER lead_franchise_totals_after_lead_update;--> statement-breakpoint
UPDATE leads l SET status_changed_at = coalesce(
  (SELECT max(h.created_at) FROM lead_status_changes h WHERE h.lead_id = l.id),
  l.created_at
);--> statement-breakpoint
ALTER TABLE leads ENABLE TRIGGER leads_outbox_update;--> statement-breakpoint
ALTER TABLE leads ENABLE TRIGGER lead_totals_after_update;--> statement-breakpoint
ALTER TABLE leads ENABLE TRIGGER lead_franchise_totals_after_lead_update;--> statement-breakpoint

-- Every write that changes a lead's status, whatever its path (a PATCH, a bulk move, an import),
-- restarts the lead's clock in that status. clock_timestamp, as the history entry's time.
CREATE FUNCTION leads_stamp_status_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.status_changed_at := clock_timestamp();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER leads_stamp_status_change BEFORE UPDATE OF contract_status ON leads
  FOR EACH ROW WHEN (OLD.contract_status IS DISTINCT FROM NEW.contract_status)
  EXECUTE FUNCTION leads_stamp_status_change();--> statement-breakpoint

-- A column's stale leads are counted as its leads (the running totals) minus its fresh ones: the
-- leads that entered the status after the cutoff, a range of this index whose size follows the
-- team's recent moves, not the table. The board's dimensions ride along so that a filter on them
-- stays an index-only scan.
CREATE INDEX leads_status_changed_at_idx ON leads (contract_status, status_changed_at)
  INCLUDE (prospectus_year, vertical_id, quota_id, platform_id);
