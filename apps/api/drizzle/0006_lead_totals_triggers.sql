-- lead_totals follows every change to leads in the same transaction (docs/decisions/004).
-- Statement-level triggers with transition tables: a statement that writes many leads (an import,
-- the benchmark's generator) updates the totals once, by groups, not once per row.
-- The deltas are applied in key order, so two transactions moving leads between the same two
-- groups in opposite directions lock the rows in the same order and cannot deadlock.
CREATE FUNCTION lead_totals_apply_deltas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lead_totals AS t
      (contract_status, prospectus_year, vertical_id, quota_id, platform_id, lead_count, credit, invest)
    SELECT contract_status, prospectus_year, vertical_id, quota_id, platform_id, count(*), sum(credit), sum(invest)
    FROM new_leads
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT lead_totals_pk DO UPDATE SET
      lead_count = t.lead_count + excluded.lead_count,
      credit = t.credit + excluded.credit,
      invest = t.invest + excluded.invest;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO lead_totals AS t
      (contract_status, prospectus_year, vertical_id, quota_id, platform_id, lead_count, credit, invest)
    SELECT contract_status, prospectus_year, vertical_id, quota_id, platform_id, -count(*), -sum(credit), -sum(invest)
    FROM old_leads
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT lead_totals_pk DO UPDATE SET
      lead_count = t.lead_count + excluded.lead_count,
      credit = t.credit + excluded.credit,
      invest = t.invest + excluded.invest;
  ELSE
    -- UPDATE: only the rows whose dimensions or amounts changed move anything (an edit of the
    -- assessment or the franchises leaves the totals untouched and takes no lock on them).
    INSERT INTO lead_totals AS t
      (contract_status, prospectus_year, vertical_id, quota_id, platform_id, lead_count, credit, invest)
    SELECT d.contract_status, d.prospectus_year, d.vertical_id, d.quota_id, d.platform_id,
           sum(d.lead_count), sum(d.credit), sum(d.invest)
    FROM (
      SELECT o.contract_status, o.prospectus_year, o.vertical_id, o.quota_id, o.platform_id,
             -1 AS lead_count, -o.credit AS credit, -o.invest AS invest
      FROM old_leads o JOIN new_leads n ON n.id = o.id
      WHERE (o.contract_status, o.prospectus_year, o.vertical_id, o.quota_id, o.platform_id, o.credit, o.invest)
        IS DISTINCT FROM (n.contract_status, n.prospectus_year, n.vertical_id, n.quota_id, n.platform_id, n.credit, n.invest)
      UNION ALL
      SELECT n.contract_status, n.prospectus_year, n.vertical_id, n.quota_id, n.platform_id,
             1, n.credit, n.invest
      FROM old_leads o JOIN new_leads n ON n.id = o.id
      WHERE (o.contract_status, o.prospectus_year, o.vertical_id, o.quota_id, o.platform_id, o.credit, o.invest)
        IS DISTINCT FROM (n.contract_status, n.prospectus_year, n.vertical_id, n.quota_id, n.platform_id, n.credit, n.invest)
    ) AS d
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT lead_totals_pk DO UPDATE SET
      lead_count = t.lead_count + excluded.lead_count,
      credit = t.credit + excluded.credit,
      invest = t.invest + excluded.invest;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER lead_totals_after_insert AFTER INSERT ON leads
  REFERENCING NEW TABLE AS new_leads
  FOR EACH STATEMENT EXECUTE FUNCTION lead_totals_apply_deltas();--> statement-breakpoint
CREATE TRIGGER lead_totals_after_update AFTER UPDATE ON leads
  REFERENCING OLD TABLE AS old_leads NEW TABLE AS new_leads
  FOR EACH STATEMENT EXECUTE FUNCTION lead_totals_apply_deltas();--> statement-breakpoint
CREATE TRIGGER lead_totals_after_delete AFTER DELETE ON leads
  REFERENCING OLD TABLE AS old_leads
  FOR EACH STATEMENT EXECUTE FUNCTION lead_totals_apply_deltas();--> statement-breakpoint
CREATE FUNCTION lead_totals_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lead_totals;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER lead_totals_after_truncate AFTER TRUNCATE ON leads
  FOR EACH STATEMENT EXECUTE FUNCTION lead_totals_clear();--> statement-breakpoint
-- The leads already there.
INSERT INTO lead_totals
  (contract_status, prospectus_year, vertical_id, quota_id, platform_id, lead_count, credit, invest)
SELECT contract_status, prospectus_year, vertical_id, quota_id, platform_id, count(*), sum(credit), sum(invest)
FROM leads
GROUP BY 1, 2, 3, 4, 5;
