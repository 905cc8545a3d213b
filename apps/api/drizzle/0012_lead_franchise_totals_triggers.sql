-- lead_franchise_totals follows every change to a lead's franchises and to a linked lead's board
-- dimensions and amounts, in the same transaction (docs/decisions/004). One function builds the
-- deltas for the event at hand and applies them with one grouped upsert, in key order (two
-- transactions moving leads between the same groups lock the rows in the same order).
--
-- A lead's deletion: its cascade removes its lead_franchises rows after the lead is gone, when
-- their values can no longer be read; so a BEFORE DELETE row trigger on leads takes the lead's
-- amounts away from each of its franchises while it still exists, and the cascade's own DELETE
-- trigger finds no lead to join and changes nothing.
CREATE FUNCTION lead_franchise_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  dims CONSTANT text := 'contract_status, prospectus_year, vertical_id, quota_id, platform_id';
  changed CONSTANT text := '(o.contract_status, o.prospectus_year, o.vertical_id, o.quota_id, o.platform_id, o.credit, o.invest)
    IS DISTINCT FROM (n.contract_status, n.prospectus_year, n.vertical_id, n.quota_id, n.platform_id, n.credit, n.invest)';
  -- The linked lead's current values for each row of a lead_franchises transition table, signed.
  links CONSTANT text := 'SELECT lf.franchise_id, l.contract_status, l.prospectus_year, l.vertical_id, l.quota_id,
      l.platform_id, %2$s AS lead_count, %2$s * l.credit AS credit, %2$s * l.invest AS invest
    FROM %1$I lf JOIN leads l ON l.id = lf.lead_id';
  deltas text;
BEGIN
  IF TG_TABLE_NAME = 'lead_franchises' THEN
    deltas := CASE TG_OP
      WHEN 'INSERT' THEN format(links, 'new_links', 1)
      WHEN 'DELETE' THEN format(links, 'old_links', -1)
      ELSE format(links, 'old_links', -1) || ' UNION ALL ' || format(links, 'new_links', 1)
    END;
  ELSIF TG_OP = 'DELETE' THEN
    deltas := format('SELECT lf.franchise_id, %1$s, -1, -l.credit, -l.invest
      FROM lead_franchises lf JOIN leads l ON l.id = lf.lead_id WHERE lf.lead_id = %2$L',
      'l.contract_status, l.prospectus_year, l.vertical_id, l.quota_id, l.platform_id', OLD.id);
  ELSE
    -- UPDATE of leads: only the leads whose dimensions or amounts changed move anything.
    deltas := format('SELECT lf.franchise_id, o.contract_status, o.prospectus_year, o.vertical_id, o.quota_id,
        o.platform_id, -1, -o.credit, -o.invest
      FROM old_leads o JOIN new_leads n ON n.id = o.id JOIN lead_franchises lf ON lf.lead_id = o.id WHERE %1$s
      UNION ALL
      SELECT lf.franchise_id, n.contract_status, n.prospectus_year, n.vertical_id, n.quota_id,
        n.platform_id, 1, n.credit, n.invest
      FROM old_leads o JOIN new_leads n ON n.id = o.id JOIN lead_franchises lf ON lf.lead_id = o.id WHERE %1$s',
      changed);
  END IF;
  EXECUTE format('INSERT INTO lead_franchise_totals AS t (franchise_id, %1$s, lead_count, credit, invest)
    SELECT franchise_id, %1$s, sum(lead_count), sum(credit), sum(invest)
    FROM (%2$s) AS d (franchise_id, %1$s, lead_count, credit, invest)
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT lead_franchise_totals_pk DO UPDATE SET
      lead_count = t.lead_count + excluded.lead_count,
      credit = t.credit + excluded.credit,
      invest = t.invest + excluded.invest', dims, deltas);
  IF TG_LEVEL = 'ROW' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER lead_franchise_totals_after_link AFTER INSERT ON lead_franchises
  REFERENCING NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION lead_franchise_totals_follow();--> statement-breakpoint
CREATE TRIGGER lead_franchise_totals_after_relink AFTER UPDATE ON lead_franchises
  REFERENCING OLD TABLE AS old_links NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION lead_franchise_totals_follow();--> statement-breakpoint
CREATE TRIGGER lead_franchise_totals_after_unlink AFTER DELETE ON lead_franchises
  REFERENCING OLD TABLE AS old_links
  FOR EACH STATEMENT EXECUTE FUNCTION lead_franchise_totals_follow();--> statement-breakpoint
CREATE TRIGGER lead_franchise_totals_after_lead_update AFTER UPDATE ON leads
  REFERENCING OLD TABLE AS old_leads NEW TABLE AS new_leads
  FOR EACH STATEMENT EXECUTE FUNCTION lead_franchise_totals_follow();--> statement-breakpoint
CREATE TRIGGER lead_franchise_totals_before_lead_delete BEFORE DELETE ON leads
  FOR EACH ROW EXECUTE FUNCTION lead_franchise_totals_follow();--> statement-breakpoint
CREATE FUNCTION lead_franchise_totals_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lead_franchise_totals;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER lead_franchise_totals_after_truncate AFTER TRUNCATE ON lead_franchises
  FOR EACH STATEMENT EXECUTE FUNCTION lead_franchise_totals_clear();--> statement-breakpoint
-- The links already there.
INSERT INTO lead_franchise_totals
  (franchise_id, contract_status, prospectus_year, vertical_id, quota_id, platform_id, lead_count, credit, invest)
SELECT lf.franchise_id, l.contract_status, l.prospectus_year, l.vertical_id, l.quota_id, l.platform_id,
  count(*), sum(l.credit), sum(l.invest)
FROM lead_franchises lf JOIN leads l ON l.id = lf.lead_id
GROUP BY 1, 2, 3, 4, 5, 6;
