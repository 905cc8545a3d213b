-- offering_stock follows every write that changes which opportunities hold a quota of the
-- prospectus, in the writer's transaction, and refuses the write that would make an active
-- offering's held + sold exceed its quantity. The guarantee is the database's own, so it holds for
-- any writer (the API in any process, an import, the demo seed, a statement typed by hand) and
-- under any concurrency (docs/decisions/011).
--
-- Who holds a unit: an opportunity takes one unit of every offering of its prospectus year,
-- vertical, platform and quota that is national (franchise_id null) or of one of its praças,
-- while its status holds a quota (pipeline_statuses.holds_quota); in `assinado` it counts as
-- sold, in the other holding statuses as held.
--
-- Exact under concurrency:
-- - A write of leads (or of their praças' copies in lead_franchise_statuses) adds its deltas to
--   the offerings' rows under their row locks, taken in offering id order (two moves never
--   deadlock), and reads the result back: `held = held + delta` on a locked row sees every
--   committed move, so the check after it is exact with any number of writers in any process.
-- - A write that changes who holds what without moving a lead — an offering created or re-keyed,
--   its quantity lowered, its re-activation, a change of the statuses that hold — takes
--   offering_stock in SHARE ROW EXCLUSIVE mode before it counts: that waits for the lead writers
--   already past their own ROW EXCLUSIVE lock (below) and holds new ones back until it commits,
--   so its count and theirs never miss each other. Those writes are an administrator's, rare.
--
-- Refusals are raised with SQLSTATE FN001 (sold out: the offering, its labels, year and praça in
-- the detail, as JSON) and FN002 (an offering with fewer units than the opportunities already
-- holding it: the count in the detail); the API answers both with 409.
CREATE FUNCTION offering_sold_out(offering uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  described jsonb;
BEGIN
  SELECT jsonb_build_object('offering_id', o.id, 'quota', q.label, 'platform', p.label, 'vertical', v.label,
      'year', o.prospectus_year, 'franchise', f.name)
  INTO described
  FROM offerings o
    JOIN quotas q ON q.id = o.quota_id
    JOIN platforms p ON p.id = o.platform_id
    JOIN verticals v ON v.id = o.vertical_id
    LEFT JOIN franchises f ON f.id = o.franchise_id
  WHERE o.id = offering;
  RAISE EXCEPTION 'offering % is sold out', offering USING ERRCODE = 'FN001', DETAIL = described::text;
END
$$;--> statement-breakpoint
CREATE FUNCTION offering_holders_exceed(offering uuid, holders bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'offering % has % holders, more than its quantity', offering, holders
    USING ERRCODE = 'FN002', DETAIL = jsonb_build_object('offering_id', offering, 'count', holders)::text;
END
$$;--> statement-breakpoint

-- What some statement changed: so many opportunities (`lead_count`, negative when they leave) of
-- one status entering or leaving a group of the board's dimensions, nationally (franchise_id null)
-- or in one praça.
CREATE TYPE offering_stock_move AS (
  prospectus_year integer,
  vertical_id uuid,
  platform_id uuid,
  quota_id uuid,
  franchise_id uuid,
  contract_status text,
  lead_count integer
);--> statement-breakpoint

-- Applies moves to the offerings they touch and refuses the statement if an active offering that
-- grew ends with more holders than units.
CREATE FUNCTION offering_stock_apply(moves offering_stock_move[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
  held_deltas integer[];
  sold_deltas integer[];
  over_id uuid;
BEGIN
  IF cardinality(moves) = 0 THEN
    RETURN;
  END IF;
  -- Waits while an offering or the holding statuses are being changed; the statements below then
  -- see that change (each statement of a function takes a new snapshot).
  LOCK TABLE offering_stock IN ROW EXCLUSIVE MODE;
  SELECT array_agg(d.offering_id ORDER BY d.offering_id), array_agg(d.held ORDER BY d.offering_id),
         array_agg(d.sold ORDER BY d.offering_id)
  INTO ids, held_deltas, sold_deltas
  FROM (
    SELECT o.id AS offering_id,
           coalesce(sum(m.lead_count) FILTER (WHERE m.contract_status <> 'assinado'), 0)::integer AS held,
           coalesce(sum(m.lead_count) FILTER (WHERE m.contract_status = 'assinado'), 0)::integer AS sold
    FROM unnest(moves) AS m
      JOIN pipeline_statuses ps ON ps.contract_status = m.contract_status AND ps.holds_quota
      JOIN offerings o ON o.prospectus_year = m.prospectus_year AND o.vertical_id = m.vertical_id
        AND o.platform_id = m.platform_id AND o.quota_id = m.quota_id
        AND (o.franchise_id = m.franchise_id OR (o.franchise_id IS NULL AND m.franchise_id IS NULL))
    GROUP BY o.id
  ) AS d
  WHERE d.held <> 0 OR d.sold <> 0;
  IF ids IS NULL THEN
    RETURN;
  END IF;
  -- Row locks in id order, so two writers touching the same offerings never deadlock.
  PERFORM 1 FROM offering_stock WHERE offering_id = ANY (ids) ORDER BY offering_id FOR UPDATE;
  WITH applied AS (
    UPDATE offering_stock AS s
    SET held = s.held + d.held, sold = s.sold + d.sold
    FROM unnest(ids, held_deltas, sold_deltas) AS d(offering_id, held, sold)
    WHERE s.offering_id = d.offering_id
    RETURNING s.offering_id, s.held, s.sold, d.held + d.sold AS grew
  )
  SELECT a.offering_id INTO over_id
  FROM applied a JOIN offerings o ON o.id = a.offering_id
  WHERE a.grew > 0 AND o.status = 'active' AND a.held + a.sold > o.quantity
  ORDER BY a.offering_id
  LIMIT 1;
  IF over_id IS NOT NULL THEN
    PERFORM offering_sold_out(over_id);
  END IF;
END
$$;--> statement-breakpoint

-- National offerings follow the leads: each statement's leads grouped by status and dimensions.
-- An update moves only the leads whose status or dimensions changed (an edit of the assessment or
-- the amounts moves nothing and takes no lock).
CREATE FUNCTION offering_stock_follow_leads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM offering_stock_apply(ARRAY(
      SELECT ROW(prospectus_year, vertical_id, platform_id, quota_id, NULL, contract_status, count(*))::offering_stock_move
      FROM new_leads
      GROUP BY prospectus_year, vertical_id, platform_id, quota_id, contract_status));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM offering_stock_apply(ARRAY(
      SELECT ROW(prospectus_year, vertical_id, platform_id, quota_id, NULL, contract_status, -count(*))::offering_stock_move
      FROM old_leads
      GROUP BY prospectus_year, vertical_id, platform_id, quota_id, contract_status));
  ELSE
    PERFORM offering_stock_apply(ARRAY(
      SELECT ROW(d.prospectus_year, d.vertical_id, d.platform_id, d.quota_id, NULL, d.contract_status, sum(d.lead_count))::offering_stock_move
      FROM (
        SELECT o.prospectus_year, o.vertical_id, o.platform_id, o.quota_id, o.contract_status, -1 AS lead_count
        FROM old_leads o JOIN new_leads n ON n.id = o.id
        WHERE (o.contract_status, o.prospectus_year, o.vertical_id, o.platform_id, o.quota_id)
          IS DISTINCT FROM (n.contract_status, n.prospectus_year, n.vertical_id, n.platform_id, n.quota_id)
        UNION ALL
        SELECT n.prospectus_year, n.vertical_id, n.platform_id, n.quota_id, n.contract_status, 1
        FROM old_leads o JOIN new_leads n ON n.id = o.id
        WHERE (o.contract_status, o.prospectus_year, o.vertical_id, o.platform_id, o.quota_id)
          IS DISTINCT FROM (n.contract_status, n.prospectus_year, n.vertical_id, n.platform_id, n.quota_id)
      ) AS d
      GROUP BY d.prospectus_year, d.vertical_id, d.platform_id, d.quota_id, d.contract_status
      HAVING sum(d.lead_count) <> 0));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Named to fire before the lead_franchise_statuses follower (triggers of one event fire in name
-- order), so a lead's national offerings are always locked before its praças' ones.
CREATE TRIGGER lead_a_offering_stock_after_insert AFTER INSERT ON leads
  REFERENCING NEW TABLE AS new_leads
  FOR EACH STATEMENT EXECUTE FUNCTION offering_stock_follow_leads();--> statement-breakpoint
CREATE TRIGGER lead_a_offering_stock_after_update AFTER UPDATE ON leads
  REFERENCING OLD TABLE AS old_leads NEW TABLE AS new_leads
  FOR EACH STATEMENT EXECUTE FUNCTION offering_stock_follow_leads();--> statement-breakpoint
CREATE TRIGGER lead_a_offering_stock_after_delete AFTER DELETE ON leads
  REFERENCING OLD TABLE AS old_leads
  FOR EACH STATEMENT EXECUTE FUNCTION offering_stock_follow_leads();--> statement-breakpoint

-- Offerings of a praça follow lead_franchise_statuses, which holds for each praça link a copy of
-- its lead's status and dimensions: written with the link, updated with the lead, removed with the
-- link (and with the lead, by cascade), so every change of who holds a praça's quota is one of its
-- rows, its values at hand even when the lead is gone.
CREATE FUNCTION offering_stock_follow_praças() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM offering_stock_apply(ARRAY(
      SELECT ROW(prospectus_year, vertical_id, platform_id, quota_id, franchise_id, contract_status, count(*))::offering_stock_move
      FROM new_links
      GROUP BY prospectus_year, vertical_id, platform_id, quota_id, franchise_id, contract_status));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM offering_stock_apply(ARRAY(
      SELECT ROW(prospectus_year, vertical_id, platform_id, quota_id, franchise_id, contract_status, -count(*))::offering_stock_move
      FROM old_links
      GROUP BY prospectus_year, vertical_id, platform_id, quota_id, franchise_id, contract_status));
  ELSE
    -- A copy whose status or dimensions changed leaves its old group and joins the new one; a copy
    -- whose link was re-keyed by hand (no old row with its key) does both too.
    PERFORM offering_stock_apply(ARRAY(
      SELECT ROW(d.prospectus_year, d.vertical_id, d.platform_id, d.quota_id, d.franchise_id, d.contract_status, sum(d.lead_count))::offering_stock_move
      FROM (
        SELECT o.prospectus_year, o.vertical_id, o.platform_id, o.quota_id, o.franchise_id, o.contract_status, -1 AS lead_count
        FROM old_links o LEFT JOIN new_links n ON n.lead_id = o.lead_id AND n.franchise_id = o.franchise_id
        WHERE n.lead_id IS NULL
          OR (o.contract_status, o.prospectus_year, o.vertical_id, o.platform_id, o.quota_id)
            IS DISTINCT FROM (n.contract_status, n.prospectus_year, n.vertical_id, n.platform_id, n.quota_id)
        UNION ALL
        SELECT n.prospectus_year, n.vertical_id, n.platform_id, n.quota_id, n.franchise_id, n.contract_status, 1
        FROM new_links n LEFT JOIN old_links o ON o.lead_id = n.lead_id AND o.franchise_id = n.franchise_id
        WHERE o.lead_id IS NULL
          OR (o.contract_status, o.prospectus_year, o.vertical_id, o.platform_id, o.quota_id)
            IS DISTINCT FROM (n.contract_status, n.prospectus_year, n.vertical_id, n.platform_id, n.quota_id)
      ) AS d
      GROUP BY d.prospectus_year, d.vertical_id, d.platform_id, d.quota_id, d.franchise_id, d.contract_status
      HAVING sum(d.lead_count) <> 0));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER lead_franchise_statuses_offering_stock_after_insert AFTER INSERT ON lead_franchise_statuses
  REFERENCING NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION offering_stock_follow_praças();--> statement-breakpoint
CREATE TRIGGER lead_franchise_statuses_offering_stock_after_update AFTER UPDATE ON lead_franchise_statuses
  REFERENCING OLD TABLE AS old_links NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION offering_stock_follow_praças();--> statement-breakpoint
CREATE TRIGGER lead_franchise_statuses_offering_stock_after_delete AFTER DELETE ON lead_franchise_statuses
  REFERENCING OLD TABLE AS old_links
  FOR EACH STATEMENT EXECUTE FUNCTION offering_stock_follow_praças();--> statement-breakpoint

-- TRUNCATE: nobody holds the quotas the truncated rows held.
CREATE FUNCTION offering_stock_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE offering_stock AS s SET held = 0, sold = 0
  FROM offerings o
  WHERE o.id = s.offering_id
    AND (TG_TABLE_NAME = 'leads') = (o.franchise_id IS NULL)
    AND (s.held, s.sold) <> (0, 0);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER lead_a_offering_stock_after_truncate AFTER TRUNCATE ON leads
  FOR EACH STATEMENT EXECUTE FUNCTION offering_stock_clear();--> statement-breakpoint
CREATE TRIGGER lead_franchise_statuses_offering_stock_after_truncate AFTER TRUNCATE ON lead_franchise_statuses
  FOR EACH STATEMENT EXECUTE FUNCTION offering_stock_clear();--> statement-breakpoint

-- The holders of some offerings (every offering for null), counted from the running totals of the
-- leads (lead_totals nationally, lead_franchise_totals per praça): a few index probes per
-- offering, whatever the number of leads.
CREATE FUNCTION offering_stock_counted(only_ids uuid[])
RETURNS TABLE (offering_id uuid, held integer, sold integer) LANGUAGE sql STABLE AS $$
  SELECT o.id, c.held, c.sold
  FROM offerings o,
  LATERAL (
    SELECT coalesce(sum(x.lead_count) FILTER (WHERE x.contract_status <> 'assinado'), 0)::integer AS held,
           coalesce(sum(x.lead_count) FILTER (WHERE x.contract_status = 'assinado'), 0)::integer AS sold
    FROM (
      SELECT t.contract_status, t.lead_count
      FROM lead_totals t
      WHERE o.franchise_id IS NULL
        AND t.contract_status IN (SELECT ps.contract_status FROM pipeline_statuses ps WHERE ps.holds_quota)
        AND t.prospectus_year = o.prospectus_year AND t.vertical_id = o.vertical_id
        AND t.quota_id = o.quota_id AND t.platform_id = o.platform_id
      UNION ALL
      SELECT t.contract_status, t.lead_count
      FROM lead_franchise_totals t
      WHERE t.franchise_id = o.franchise_id
        AND t.contract_status IN (SELECT ps.contract_status FROM pipeline_statuses ps WHERE ps.holds_quota)
        AND t.prospectus_year = o.prospectus_year AND t.vertical_id = o.vertical_id
        AND t.quota_id = o.quota_id AND t.platform_id = o.platform_id
    ) AS x
  ) AS c
  WHERE only_ids IS NULL OR o.id = ANY (only_ids)
$$;--> statement-breakpoint

-- Offerings created, re-keyed, re-quantified or re-activated. Their stock is counted under the
-- SHARE ROW EXCLUSIVE lock (see the top of this file).
CREATE FUNCTION offering_stock_follow_offerings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  over record;
BEGIN
  LOCK TABLE offering_stock IN SHARE ROW EXCLUSIVE MODE;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO offering_stock (offering_id, held, sold)
    SELECT c.offering_id, c.held, c.sold
    FROM offering_stock_counted(ARRAY(SELECT id FROM new_rows)) AS c;
    SELECT n.id, s.held + s.sold AS holders INTO over
    FROM new_rows n JOIN offering_stock s ON s.offering_id = n.id
    WHERE n.status = 'active' AND s.held + s.sold > n.quantity
    ORDER BY n.id
    LIMIT 1;
    IF FOUND THEN
      PERFORM offering_holders_exceed(over.id, over.holders);
    END IF;
  ELSE
    UPDATE offering_stock AS s SET held = c.held, sold = c.sold
    FROM offering_stock_counted(ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.prospectus_year, n.vertical_id, n.platform_id, n.quota_id, n.franchise_id)
        IS DISTINCT FROM (o.prospectus_year, o.vertical_id, o.platform_id, o.quota_id, o.franchise_id))) AS c
    WHERE s.offering_id = c.offering_id AND (s.held, s.sold) IS DISTINCT FROM (c.held, c.sold);
    -- Re-activated with more holders than units: sold out. Lowered or re-keyed below its holders:
    -- "already N opportunities".
    SELECT n.id, s.held + s.sold AS holders, o.status <> 'active' AS reactivated INTO over
    FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN offering_stock s ON s.offering_id = n.id
    WHERE n.status = 'active' AND s.held + s.sold > n.quantity
      AND (o.status <> 'active' OR n.quantity < o.quantity
        OR (n.prospectus_year, n.vertical_id, n.platform_id, n.quota_id, n.franchise_id)
          IS DISTINCT FROM (o.prospectus_year, o.vertical_id, o.platform_id, o.quota_id, o.franchise_id))
    ORDER BY n.id
    LIMIT 1;
    IF FOUND THEN
      IF over.reactivated THEN
        PERFORM offering_sold_out(over.id);
      ELSE
        PERFORM offering_holders_exceed(over.id, over.holders);
      END IF;
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER offerings_stock_after_insert AFTER INSERT ON offerings
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION offering_stock_follow_offerings();--> statement-breakpoint
CREATE TRIGGER offerings_stock_after_update AFTER UPDATE ON offerings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION offering_stock_follow_offerings();--> statement-breakpoint

-- A change of the statuses that hold a quota recounts every offering, and is refused (naming the
-- first offering it would oversell) when some active offering would have more holders than units.
CREATE FUNCTION offering_stock_follow_settings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  over_id uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE holds_quota) THEN
      RETURN NULL;
    END IF;
  ELSIF NOT EXISTS (
    SELECT 1 FROM new_rows n JOIN old_rows o ON o.contract_status = n.contract_status
    WHERE n.holds_quota IS DISTINCT FROM o.holds_quota
  ) THEN
    RETURN NULL;
  END IF;
  LOCK TABLE offering_stock IN SHARE ROW EXCLUSIVE MODE;
  UPDATE offering_stock AS s SET held = c.held, sold = c.sold
  FROM offering_stock_counted(NULL) AS c
  WHERE s.offering_id = c.offering_id AND (s.held, s.sold) IS DISTINCT FROM (c.held, c.sold);
  SELECT o.id INTO over_id
  FROM offerings o JOIN offering_stock s ON s.offering_id = o.id
  WHERE o.status = 'active' AND s.held + s.sold > o.quantity
  ORDER BY o.id
  LIMIT 1;
  IF over_id IS NOT NULL THEN
    PERFORM offering_sold_out(over_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER pipeline_statuses_offering_stock_after_insert AFTER INSERT ON pipeline_statuses
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION offering_stock_follow_settings();--> statement-breakpoint
CREATE TRIGGER pipeline_statuses_offering_stock_after_update AFTER UPDATE ON pipeline_statuses
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION offering_stock_follow_settings();--> statement-breakpoint

-- Live events: an offering created, edited or deleted, and any change of its counts.
CREATE TRIGGER offerings_outbox_insert AFTER INSERT ON offerings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funil_outbox_written('offering');--> statement-breakpoint
CREATE TRIGGER offerings_outbox_update AFTER UPDATE ON offerings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funil_outbox_written('offering');--> statement-breakpoint
CREATE TRIGGER offerings_outbox_delete AFTER DELETE ON offerings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funil_outbox_written('offering');--> statement-breakpoint
CREATE FUNCTION offering_stock_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_outbox (type, entity_id, actor_id)
  SELECT 'offering.updated', n.offering_id, funil_event_actor()
  FROM new_rows n JOIN old_rows o ON o.offering_id = n.offering_id
  WHERE (n.held, n.sold) IS DISTINCT FROM (o.held, o.sold);
  IF FOUND THEN
    PERFORM pg_notify('funil_outbox', '');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER offering_stock_outbox_update AFTER UPDATE ON offering_stock REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION offering_stock_outbox();
