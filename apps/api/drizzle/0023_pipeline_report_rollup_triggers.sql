-- The pipeline report reads a rollup by day (pipeline_report_days, pipeline_report_reason_days)
-- kept from each lead's creation, win and loss. This migration stamps those moments
-- on the leads, fills the rollup from the leads already there, and keeps it with triggers.

-- A deal is won while it is signed and lost while it is declined or cancelled: the write that moves
-- it into `assinado` (or `declinado`, `cancelado`) stamps the moment, at the same instant as its
-- status_changed_at, whatever its path (a PATCH, a bulk move, an import); the write that moves it
-- out clears it, so a reopened deal (or a move undone) leaves the report, and counts again where
-- it lands. The reason a deal was lost is the one the moving write sets with the status.
CREATE OR REPLACE FUNCTION leads_stamp_status_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.status_changed_at := clock_timestamp();
  NEW.won_at := CASE WHEN NEW.contract_status = 'assinado' THEN NEW.status_changed_at END;
  NEW.lost_at := CASE WHEN NEW.contract_status IN ('declinado', 'cancelado') THEN NEW.status_changed_at END;
  IF NEW.lost_at IS NULL THEN
    NEW.lost_reason := NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint

-- A lead created already signed or lost was won or lost at its creation.
CREATE FUNCTION leads_stamp_outcome_at_creation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.contract_status = 'assinado' THEN
    NEW.won_at := coalesce(NEW.won_at, NEW.created_at);
  ELSIF NEW.contract_status IN ('declinado', 'cancelado') THEN
    NEW.lost_at := coalesce(NEW.lost_at, NEW.created_at);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER leads_stamp_outcome_at_creation BEFORE INSERT ON leads
  FOR EACH ROW EXECUTE FUNCTION leads_stamp_outcome_at_creation();--> statement-breakpoint

-- Existing signed and lost leads: won or lost when they entered their status, with the reason of
-- their latest history entry (the move into it). Filling in new columns is no change of the leads:
-- the outbox and running-totals triggers sit it out.
ALTER TABLE leads DISABLE TRIGGER leads_outbox_update;--> statement-breakpoint
ALTER TABLE leads DISABLE TRIGGER lead_totals_after_update;--> statement-breakpoint
ALTER TABLE leads DISABLE TRIGGER lead_franchise_totals_after_lead_update;--> statement-breakpoint
UPDATE leads l
SET won_at = CASE WHEN l.contract_status = 'assinado' THEN l.status_changed_at END,
  lost_at = CASE WHEN l.contract_status <> 'assinado' THEN l.status_changed_at END,
  lost_reason = CASE WHEN l.contract_status <> 'assinado' THEN (
    SELECT h.reason FROM lead_status_changes h WHERE h.lead_id = l.id ORDER BY h.seq DESC LIMIT 1
  ) END
WHERE l.contract_status IN ('assinado', 'declinado', 'cancelado');--> statement-breakpoint
ALTER TABLE leads ENABLE TRIGGER leads_outbox_update;--> statement-breakpoint
ALTER TABLE leads ENABLE TRIGGER lead_totals_after_update;--> statement-breakpoint
ALTER TABLE leads ENABLE TRIGGER lead_franchise_totals_after_lead_update;--> statement-breakpoint

-- The deals won and lost at moments of a period, with what the report groups and sums by: the
-- hours at a period's edges (and a report the rollup cannot answer) read them index-only.
CREATE INDEX leads_won_at_idx ON leads (won_at)
  INCLUDE (created_at, credit, executive_id, vertical_id, platform_id) WHERE won_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX leads_lost_at_idx ON leads (lost_at)
  INCLUDE (credit, lost_reason, executive_id, vertical_id, platform_id) WHERE lost_at IS NOT NULL;--> statement-breakpoint

-- What one lead adds to the rollup (sign 1) or takes away from it (sign -1): its creation, its
-- win and its loss, each on its UTC day, under each of the four dimension values
-- (everything, its executive, its vertical, its platform).
CREATE FUNCTION pipeline_report_deltas(lead leads, sign integer)
RETURNS TABLE (dimension text, day date, dimension_id uuid, created integer, won integer,
  won_credit numeric, won_days numeric, lost integer, lost_credit numeric, lost_reason text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT d.dimension, (e.at AT TIME ZONE 'UTC')::date, d.dimension_id,
    sign * e.created, sign * e.won, sign * e.won_credit, sign * e.won_days, sign * e.lost,
    sign * e.lost_credit, e.reason
  FROM (VALUES
      (lead.created_at, 1, 0, 0::numeric, 0::numeric, 0, 0::numeric, NULL::text),
      (lead.won_at, 0, 1, lead.credit, extract(epoch FROM lead.won_at - lead.created_at) / 86400, 0, 0::numeric, NULL),
      (lead.lost_at, 0, 0, 0::numeric, 0::numeric, 1, lead.credit, lead.lost_reason)
    ) AS e (at, created, won, won_credit, won_days, lost, lost_credit, reason)
    CROSS JOIN (VALUES
      ('all', NULL::uuid),
      ('executive', lead.executive_id),
      ('vertical', lead.vertical_id),
      ('platform', lead.platform_id)
    ) AS d (dimension, dimension_id)
  WHERE e.at IS NOT NULL
$$;--> statement-breakpoint

-- Statement-level triggers with transition tables, as the running totals: a statement that
-- writes many leads updates the rollup once, by groups, applied in key order so that two
-- transactions touching the same days lock the rows in the same order and cannot deadlock.
--
-- An insert adds its leads and a delete takes its leads away (one function: both name their
-- transition table changed_leads). An update moves only the leads whose counted columns changed
-- (creation, win, loss and its reason, credit, executive, vertical, platform): a move
-- between open columns or an edit of the assessment brings no rows and takes no lock. The two
-- functions differ only in where the deltas come from.
CREATE FUNCTION pipeline_report_follow_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH deltas AS MATERIALIZED (
    SELECT d.*
    FROM changed_leads c
      CROSS JOIN LATERAL pipeline_report_deltas(c, CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END) AS d
  ),
  days AS (
    INSERT INTO pipeline_report_days AS t
      (dimension, day, dimension_id, created, won, won_credit, won_days, lost, lost_credit)
    SELECT dimension, day, dimension_id, sum(created), sum(won), sum(won_credit), sum(won_days),
      sum(lost), sum(lost_credit)
    FROM deltas
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT pipeline_report_days_key DO UPDATE SET
      created = t.created + excluded.created,
      won = t.won + excluded.won,
      won_credit = t.won_credit + excluded.won_credit,
      won_days = t.won_days + excluded.won_days,
      lost = t.lost + excluded.lost,
      lost_credit = t.lost_credit + excluded.lost_credit
  )
  INSERT INTO pipeline_report_reason_days AS t (dimension, day, dimension_id, reason, lost)
  SELECT dimension, day, dimension_id, lost_reason, sum(lost)
  FROM deltas
  WHERE lost_reason IS NOT NULL AND lost <> 0
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT pipeline_report_reason_days_key DO UPDATE SET lost = t.lost + excluded.lost;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION pipeline_report_follow_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH deltas AS MATERIALIZED (
    SELECT d.*
    FROM old_leads o
      JOIN new_leads n ON n.id = o.id
      CROSS JOIN LATERAL (
        SELECT * FROM pipeline_report_deltas(o, -1)
        UNION ALL
        SELECT * FROM pipeline_report_deltas(n, 1)
      ) AS d
    WHERE (o.created_at, o.won_at, o.lost_at, o.lost_reason, o.credit, o.executive_id, o.vertical_id, o.platform_id)
      IS DISTINCT FROM (n.created_at, n.won_at, n.lost_at, n.lost_reason, n.credit, n.executive_id, n.vertical_id, n.platform_id)
  ),
  days AS (
    INSERT INTO pipeline_report_days AS t
      (dimension, day, dimension_id, created, won, won_credit, won_days, lost, lost_credit)
    SELECT dimension, day, dimension_id, sum(created), sum(won), sum(won_credit), sum(won_days),
      sum(lost), sum(lost_credit)
    FROM deltas
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT pipeline_report_days_key DO UPDATE SET
      created = t.created + excluded.created,
      won = t.won + excluded.won,
      won_credit = t.won_credit + excluded.won_credit,
      won_days = t.won_days + excluded.won_days,
      lost = t.lost + excluded.lost,
      lost_credit = t.lost_credit + excluded.lost_credit
  )
  INSERT INTO pipeline_report_reason_days AS t (dimension, day, dimension_id, reason, lost)
  SELECT dimension, day, dimension_id, lost_reason, sum(lost)
  FROM deltas
  WHERE lost_reason IS NOT NULL AND lost <> 0
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT pipeline_report_reason_days_key DO UPDATE SET lost = t.lost + excluded.lost;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER pipeline_report_after_insert AFTER INSERT ON leads
  REFERENCING NEW TABLE AS changed_leads
  FOR EACH STATEMENT EXECUTE FUNCTION pipeline_report_follow_rows();--> statement-breakpoint
CREATE TRIGGER pipeline_report_after_delete AFTER DELETE ON leads
  REFERENCING OLD TABLE AS changed_leads
  FOR EACH STATEMENT EXECUTE FUNCTION pipeline_report_follow_rows();--> statement-breakpoint
CREATE TRIGGER pipeline_report_after_update AFTER UPDATE ON leads
  REFERENCING OLD TABLE AS old_leads NEW TABLE AS new_leads
  FOR EACH STATEMENT EXECUTE FUNCTION pipeline_report_follow_update();--> statement-breakpoint
CREATE FUNCTION pipeline_report_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM pipeline_report_days;
  DELETE FROM pipeline_report_reason_days;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER pipeline_report_after_truncate AFTER TRUNCATE ON leads
  FOR EACH STATEMENT EXECUTE FUNCTION pipeline_report_clear();--> statement-breakpoint

-- The leads already there.
WITH deltas AS MATERIALIZED (
  SELECT d.* FROM leads l CROSS JOIN LATERAL pipeline_report_deltas(l, 1) AS d
),
days AS (
  INSERT INTO pipeline_report_days
    (dimension, day, dimension_id, created, won, won_credit, won_days, lost, lost_credit)
  SELECT dimension, day, dimension_id, sum(created), sum(won), sum(won_credit), sum(won_days),
    sum(lost), sum(lost_credit)
  FROM deltas
  GROUP BY 1, 2, 3
)
INSERT INTO pipeline_report_reason_days (dimension, day, dimension_id, reason, lost)
SELECT dimension, day, dimension_id, lost_reason, sum(lost)
FROM deltas
WHERE lost_reason IS NOT NULL
GROUP BY 1, 2, 3, 4;
