-- lead_franchise_statuses copies, for each franchise link, its lead's status, the moment the lead
-- entered it, the board's dimensions and the amounts, so the fresh leads of one franchise are an
-- index range, read index-only.
-- A link's copy is written with the link and leaves with it (the foreign key cascades); an update
-- of a lead carries its new values to its links' copies, only when one of them changed (a move
-- does; an edit of the assessment does not). The API replaces links by delete and insert; a link
-- moved to another lead by an UPDATE (by hand) has its copy's key moved by the cascade and its
-- values taken from the new lead.
CREATE FUNCTION lead_franchise_statuses_link() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_franchise_statuses
    (lead_id, franchise_id, contract_status, status_changed_at, prospectus_year, vertical_id, quota_id,
      platform_id, credit, invest)
  SELECT lf.lead_id, lf.franchise_id, l.contract_status, l.status_changed_at, l.prospectus_year,
    l.vertical_id, l.quota_id, l.platform_id, l.credit, l.invest
  FROM new_links lf JOIN leads l ON l.id = lf.lead_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER lead_franchise_statuses_after_link AFTER INSERT ON lead_franchises
  REFERENCING NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION lead_franchise_statuses_link();--> statement-breakpoint
CREATE FUNCTION lead_franchise_statuses_relink() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lead_franchise_statuses AS s
  SET contract_status = l.contract_status,
    status_changed_at = l.status_changed_at,
    prospectus_year = l.prospectus_year,
    vertical_id = l.vertical_id,
    quota_id = l.quota_id,
    platform_id = l.platform_id,
    credit = l.credit,
    invest = l.invest
  FROM new_links lf JOIN leads l ON l.id = lf.lead_id
  WHERE s.lead_id = lf.lead_id AND s.franchise_id = lf.franchise_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER lead_franchise_statuses_after_relink AFTER UPDATE ON lead_franchises
  REFERENCING NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION lead_franchise_statuses_relink();--> statement-breakpoint
CREATE FUNCTION lead_franchise_statuses_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lead_franchise_statuses AS s
  SET contract_status = n.contract_status,
    status_changed_at = n.status_changed_at,
    prospectus_year = n.prospectus_year,
    vertical_id = n.vertical_id,
    quota_id = n.quota_id,
    platform_id = n.platform_id,
    credit = n.credit,
    invest = n.invest
  FROM old_leads o JOIN new_leads n ON n.id = o.id
  WHERE s.lead_id = n.id
    AND (o.contract_status, o.status_changed_at, o.prospectus_year, o.vertical_id, o.quota_id, o.platform_id,
        o.credit, o.invest)
      IS DISTINCT FROM (n.contract_status, n.status_changed_at, n.prospectus_year, n.vertical_id, n.quota_id,
        n.platform_id, n.credit, n.invest);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER lead_franchise_statuses_after_lead_update AFTER UPDATE ON leads
  REFERENCING OLD TABLE AS old_leads NEW TABLE AS new_leads
  FOR EACH STATEMENT EXECUTE FUNCTION lead_franchise_statuses_follow();--> statement-breakpoint

-- The links already there.
INSERT INTO lead_franchise_statuses
  (lead_id, franchise_id, contract_status, status_changed_at, prospectus_year, vertical_id, quota_id,
    platform_id, credit, invest)
SELECT lf.lead_id, lf.franchise_id, l.contract_status, l.status_changed_at, l.prospectus_year,
  l.vertical_id, l.quota_id, l.platform_id, l.credit, l.invest
FROM lead_franchises lf JOIN leads l ON l.id = lf.lead_id;--> statement-breakpoint

-- One franchise's leads of one status that entered it after a cutoff: one range, index-only, with
-- the board's dimensions to filter on and the amounts to sum.
CREATE INDEX lead_franchise_statuses_fresh_idx ON lead_franchise_statuses
  (franchise_id, contract_status, status_changed_at)
  INCLUDE (prospectus_year, vertical_id, quota_id, platform_id, credit, invest);--> statement-breakpoint

-- The leads' own fresh range carries the amounts too: "parados" (stale=true|false) sums the fresh
-- leads of every status, index-only instead of visiting each of their rows.
DROP INDEX leads_status_changed_at_idx;--> statement-breakpoint
CREATE INDEX leads_status_changed_at_idx ON leads (contract_status, status_changed_at)
  INCLUDE (prospectus_year, vertical_id, quota_id, platform_id, credit, invest);
