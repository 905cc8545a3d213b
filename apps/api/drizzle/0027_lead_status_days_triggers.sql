-- lead_status_days follows every change to leads in the same transaction, as the running totals
-- do: statement-level triggers with transition tables, deltas grouped and applied in key order
-- (no deadlock between two writers). A lead counts under its status, the UTC day it entered it
-- (status_changed_at) and its prospectus year, with its amounts; an update moves only the leads
-- whose status, entry time, year or amounts changed.
CREATE FUNCTION lead_status_days_follow_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_status_days AS t (contract_status, day, prospectus_year, lead_count, credit, invest)
  SELECT contract_status, (status_changed_at AT TIME ZONE 'UTC')::date, prospectus_year,
    sum(CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END),
    sum(CASE TG_OP WHEN 'INSERT' THEN credit ELSE -credit END),
    sum(CASE TG_OP WHEN 'INSERT' THEN invest ELSE -invest END)
  FROM changed_leads
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT lead_status_days_pk DO UPDATE SET
    lead_count = t.lead_count + excluded.lead_count,
    credit = t.credit + excluded.credit,
    invest = t.invest + excluded.invest;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION lead_status_days_follow_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_status_days AS t (contract_status, day, prospectus_year, lead_count, credit, invest)
  SELECT d.contract_status, d.day, d.prospectus_year, sum(d.lead_count), sum(d.credit), sum(d.invest)
  FROM old_leads o
    JOIN new_leads n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES
      (o.contract_status, (o.status_changed_at AT TIME ZONE 'UTC')::date, o.prospectus_year, -1, -o.credit, -o.invest),
      (n.contract_status, (n.status_changed_at AT TIME ZONE 'UTC')::date, n.prospectus_year, 1, n.credit, n.invest)
    ) AS d (contract_status, day, prospectus_year, lead_count, credit, invest)
  WHERE (o.contract_status, o.status_changed_at, o.prospectus_year, o.credit, o.invest)
    IS DISTINCT FROM (n.contract_status, n.status_changed_at, n.prospectus_year, n.credit, n.invest)
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT lead_status_days_pk DO UPDATE SET
    lead_count = t.lead_count + excluded.lead_count,
    credit = t.credit + excluded.credit,
    invest = t.invest + excluded.invest;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER lead_status_days_after_insert AFTER INSERT ON leads
  REFERENCING NEW TABLE AS changed_leads
  FOR EACH STATEMENT EXECUTE FUNCTION lead_status_days_follow_rows();--> statement-breakpoint
CREATE TRIGGER lead_status_days_after_delete AFTER DELETE ON leads
  REFERENCING OLD TABLE AS changed_leads
  FOR EACH STATEMENT EXECUTE FUNCTION lead_status_days_follow_rows();--> statement-breakpoint
CREATE TRIGGER lead_status_days_after_update AFTER UPDATE ON leads
  REFERENCING OLD TABLE AS old_leads NEW TABLE AS new_leads
  FOR EACH STATEMENT EXECUTE FUNCTION lead_status_days_follow_update();--> statement-breakpoint
CREATE FUNCTION lead_status_days_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lead_status_days;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER lead_status_days_after_truncate AFTER TRUNCATE ON leads
  FOR EACH STATEMENT EXECUTE FUNCTION lead_status_days_clear();--> statement-breakpoint

-- The leads already there.
INSERT INTO lead_status_days (contract_status, day, prospectus_year, lead_count, credit, invest)
SELECT contract_status, (status_changed_at AT TIME ZONE 'UTC')::date, prospectus_year, count(*), sum(credit), sum(invest)
FROM leads
GROUP BY 1, 2, 3;
