-- lead_franchise_totals_follow (migration 0012) built its deltas as text and ran them with EXECUTE.
-- This replaces its body with the same deltas written as static SQL, one statement per event, in
-- the style of lead_totals_apply_deltas (0006): PL/pgSQL parses and checks every statement, plans
-- each once per trigger, and each branch reads as what it does. The triggers that call it stay.
--
-- Each branch applies its deltas with one grouped upsert in key order, so two transactions moving
-- leads between the same groups lock the rows in the same order and cannot deadlock.
--
-- A lead's deletion: its cascade removes its lead_franchises rows after the lead is gone, when
-- their values can no longer be read; so the BEFORE DELETE row trigger on leads takes the lead's
-- amounts away from each of its franchises while it still exists, and the cascade's own DELETE
-- trigger finds no lead to join and changes nothing.
CREATE OR REPLACE FUNCTION lead_franchise_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'lead_franchises' AND TG_OP = 'INSERT' THEN
    INSERT INTO lead_franchise_totals AS t
      (franchise_id, contract_status, prospectus_year, vertical_id, quota_id, platform_id, lead_count, credit, invest)
    SELECT lf.franchise_id, l.contract_status, l.prospectus_year, l.vertical_id, l.quota_id, l.platform_id,
           count(*), sum(l.credit), sum(l.invest)
    FROM new_links lf JOIN leads l ON l.id = lf.lead_id
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT lead_franchise_totals_pk DO UPDATE SET
      lead_count = t.lead_count + excluded.lead_count,
      credit = t.credit + excluded.credit,
      invest = t.invest + excluded.invest;
  ELSIF TG_TABLE_NAME = 'lead_franchises' AND TG_OP = 'DELETE' THEN
    INSERT INTO lead_franchise_totals AS t
      (franchise_id, contract_status, prospectus_year, vertical_id, quota_id, platform_id, lead_count, credit, invest)
    SELECT lf.franchise_id, l.contract_status, l.prospectus_year, l.vertical_id, l.quota_id, l.platform_id,
           -count(*), -sum(l.credit), -sum(l.invest)
    FROM old_links lf JOIN leads l ON l.id = lf.lead_id
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT lead_franchise_totals_pk DO UPDATE SET
      lead_count = t.lead_count + excluded.lead_count,
      credit = t.credit + excluded.credit,
      invest = t.invest + excluded.invest;
  ELSIF TG_TABLE_NAME = 'lead_franchises' THEN
    -- UPDATE of links (the API replaces links by delete and insert; SQL run by hand may update
    -- them): the old links leave their groups, the new ones join theirs.
    INSERT INTO lead_franchise_totals AS t
      (franchise_id, contract_status, prospectus_year, vertical_id, quota_id, platform_id, lead_count, credit, invest)
    SELECT d.franchise_id, d.contract_status, d.prospectus_year, d.vertical_id, d.quota_id, d.platform_id,
           sum(d.lead_count), sum(d.credit), sum(d.invest)
    FROM (
      SELECT lf.franchise_id, l.contract_status, l.prospectus_year, l.vertical_id, l.quota_id, l.platform_id,
             -1 AS lead_count, -l.credit AS credit, -l.invest AS invest
      FROM old_links lf JOIN leads l ON l.id = lf.lead_id
      UNION ALL
      SELECT lf.franchise_id, l.contract_status, l.prospectus_year, l.vertical_id, l.quota_id, l.platform_id,
             1, l.credit, l.invest
      FROM new_links lf JOIN leads l ON l.id = lf.lead_id
    ) AS d
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT lead_franchise_totals_pk DO UPDATE SET
      lead_count = t.lead_count + excluded.lead_count,
      credit = t.credit + excluded.credit,
      invest = t.invest + excluded.invest;
  ELSIF TG_OP = 'DELETE' THEN
    -- BEFORE DELETE, for each lead: its values leave each of its franchises' groups.
    INSERT INTO lead_franchise_totals AS t
      (franchise_id, contract_status, prospectus_year, vertical_id, quota_id, platform_id, lead_count, credit, invest)
    SELECT lf.franchise_id, OLD.contract_status, OLD.prospectus_year, OLD.vertical_id, OLD.quota_id, OLD.platform_id,
           -1, -OLD.credit, -OLD.invest
    FROM lead_franchises lf
    WHERE lf.lead_id = OLD.id
    ORDER BY 1
    ON CONFLICT ON CONSTRAINT lead_franchise_totals_pk DO UPDATE SET
      lead_count = t.lead_count + excluded.lead_count,
      credit = t.credit + excluded.credit,
      invest = t.invest + excluded.invest;
    RETURN OLD;
  ELSE
    -- UPDATE of leads: only the leads whose dimensions or amounts changed move anything (an edit
    -- of the assessment leaves the totals untouched and takes no lock on them).
    INSERT INTO lead_franchise_totals AS t
      (franchise_id, contract_status, prospectus_year, vertical_id, quota_id, platform_id, lead_count, credit, invest)
    SELECT d.franchise_id, d.contract_status, d.prospectus_year, d.vertical_id, d.quota_id, d.platform_id,
           sum(d.lead_count), sum(d.credit), sum(d.invest)
    FROM (
      SELECT lf.franchise_id, o.contract_status, o.prospectus_year, o.vertical_id, o.quota_id, o.platform_id,
             -1 AS lead_count, -o.credit AS credit, -o.invest AS invest
      FROM old_leads o JOIN new_leads n ON n.id = o.id JOIN lead_franchises lf ON lf.lead_id = o.id
      WHERE (o.contract_status, o.prospectus_year, o.vertical_id, o.quota_id, o.platform_id, o.credit, o.invest)
        IS DISTINCT FROM (n.contract_status, n.prospectus_year, n.vertical_id, n.quota_id, n.platform_id, n.credit, n.invest)
      UNION ALL
      SELECT lf.franchise_id, n.contract_status, n.prospectus_year, n.vertical_id, n.quota_id, n.platform_id,
             1, n.credit, n.invest
      FROM old_leads o JOIN new_leads n ON n.id = o.id JOIN lead_franchises lf ON lf.lead_id = o.id
      WHERE (o.contract_status, o.prospectus_year, o.vertical_id, o.quota_id, o.platform_id, o.credit, o.invest)
        IS DISTINCT FROM (n.contract_status, n.prospectus_year, n.vertical_id, n.quota_id, n.platform_id, n.credit, n.invest)
    ) AS d
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT lead_franchise_totals_pk DO UPDATE SET
      lead_count = t.lead_count + excluded.lead_count,
      credit = t.credit + excluded.credit,
      invest = t.invest + excluded.invest;
  END IF;
  RETURN NULL;
END
$$;
