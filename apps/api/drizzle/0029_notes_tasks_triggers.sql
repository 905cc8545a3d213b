-- Tasks keep three things in their writer's transaction, whoever the writer is:
--   1. their lead's or brand's `open_tasks` and `next_task_due_at` (the board shows and filters
--      them without reading the tasks);
--   2. the reminder job of each open task whose reminder is owed (`remind_at` set and not yet
--      handed to the mail server for that time); completing, deleting or clearing it removes the
--      job, a new time replaces it;
--   3. like leads, brands and contacts, an outbox row per note and task written (live events).

-- 1. A record's open tasks are counted afresh under its row lock: two transactions adding a task
-- to the same lead each see the other's committed task once the lock is theirs (a statement in
-- PL/pgSQL takes a new snapshot), so neither count is lost.
CREATE FUNCTION funil_refresh_task_counts(lead_ids uuid[], brand_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(lead_ids) > 0 THEN
    PERFORM 1 FROM leads WHERE id = ANY (lead_ids) ORDER BY id FOR NO KEY UPDATE;
    UPDATE leads l SET open_tasks = c.open_tasks, next_task_due_at = c.next_due
    FROM (
      SELECT x.id,
             (SELECT count(*) FROM tasks t WHERE t.lead_id = x.id AND NOT t.done)::integer AS open_tasks,
             (SELECT min(t.due_at) FROM tasks t WHERE t.lead_id = x.id AND NOT t.done) AS next_due
      FROM unnest(lead_ids) AS x(id)
    ) c
    WHERE l.id = c.id AND (l.open_tasks, l.next_task_due_at) IS DISTINCT FROM (c.open_tasks, c.next_due);
  END IF;
  IF cardinality(brand_ids) > 0 THEN
    PERFORM 1 FROM brands WHERE id = ANY (brand_ids) ORDER BY id FOR NO KEY UPDATE;
    UPDATE brands b SET open_tasks = c.open_tasks, next_task_due_at = c.next_due
    FROM (
      SELECT x.id,
             (SELECT count(*) FROM tasks t WHERE t.brand_id = x.id AND NOT t.done)::integer AS open_tasks,
             (SELECT min(t.due_at) FROM tasks t WHERE t.brand_id = x.id AND NOT t.done) AS next_due
      FROM unnest(brand_ids) AS x(id)
    ) c
    WHERE b.id = c.id AND (b.open_tasks, b.next_task_due_at) IS DISTINCT FROM (c.open_tasks, c.next_due);
  END IF;
END
$$;--> statement-breakpoint

-- 2. The reminder owed by each task written (its job replaced), or none (its job removed).
CREATE FUNCTION funil_sync_task_reminders(task_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  DELETE FROM scheduled_jobs j
  WHERE j.key IN (SELECT 'task_reminder:' || x.id FROM unnest(task_ids) AS x(id))
    AND NOT EXISTS (
      SELECT 1 FROM tasks t
      WHERE 'task_reminder:' || t.id = j.key
        AND NOT t.done AND t.remind_at IS NOT NULL AND t.remind_at IS DISTINCT FROM t.reminded_for
    );
  INSERT INTO scheduled_jobs (kind, key, run_at, payload)
    SELECT 'task_reminder', 'task_reminder:' || t.id, t.remind_at,
           jsonb_build_object('task_id', t.id, 'remind_at', t.remind_at)
    FROM tasks t
    WHERE t.id = ANY (task_ids)
      AND NOT t.done AND t.remind_at IS NOT NULL AND t.remind_at IS DISTINCT FROM t.reminded_for
  ON CONFLICT (key) DO UPDATE SET run_at = excluded.run_at, payload = excluded.payload,
    attempts = 0, last_error = NULL
  WHERE scheduled_jobs.run_at IS DISTINCT FROM excluded.run_at;
  GET DIAGNOSTICS changed = ROW_COUNT;
  IF changed > 0 THEN
    PERFORM pg_notify('funil_jobs', '');
  END IF;
END
$$;--> statement-breakpoint

CREATE FUNCTION funil_tasks_written() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lead_ids uuid[];
  brand_ids uuid[];
  task_ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT coalesce(array_agg(DISTINCT lead_id) FILTER (WHERE lead_id IS NOT NULL AND NOT done), '{}'),
           coalesce(array_agg(DISTINCT brand_id) FILTER (WHERE brand_id IS NOT NULL AND NOT done), '{}'),
           coalesce(array_agg(id) FILTER (WHERE remind_at IS NOT NULL AND NOT done), '{}')
      INTO lead_ids, brand_ids, task_ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT coalesce(array_agg(DISTINCT lead_id) FILTER (WHERE lead_id IS NOT NULL AND NOT done), '{}'),
           coalesce(array_agg(DISTINCT brand_id) FILTER (WHERE brand_id IS NOT NULL AND NOT done), '{}'),
           coalesce(array_agg(id), '{}')
      INTO lead_ids, brand_ids, task_ids FROM old_rows;
  ELSE
    -- Only the rows whose counted columns changed touch their records (before and after a move).
    WITH changed AS (
      SELECT o.lead_id AS old_lead, o.brand_id AS old_brand, n.lead_id AS new_lead, n.brand_id AS new_brand
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.done, o.due_at, o.lead_id, o.brand_id) IS DISTINCT FROM (n.done, n.due_at, n.lead_id, n.brand_id)
    )
    SELECT coalesce(array_agg(DISTINCT r.lead_id) FILTER (WHERE r.lead_id IS NOT NULL), '{}'),
           coalesce(array_agg(DISTINCT r.brand_id) FILTER (WHERE r.brand_id IS NOT NULL), '{}')
      INTO lead_ids, brand_ids
      FROM (SELECT old_lead AS lead_id, old_brand AS brand_id FROM changed
            UNION ALL SELECT new_lead, new_brand FROM changed) r;
    SELECT coalesce(array_agg(n.id), '{}') INTO task_ids
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.done, o.remind_at, o.reminded_for) IS DISTINCT FROM (n.done, n.remind_at, n.reminded_for);
  END IF;
  PERFORM funil_refresh_task_counts(lead_ids, brand_ids);
  IF cardinality(task_ids) > 0 THEN
    PERFORM funil_sync_task_reminders(task_ids);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER tasks_written_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funil_tasks_written();--> statement-breakpoint
CREATE TRIGGER tasks_written_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funil_tasks_written();--> statement-breakpoint
CREATE TRIGGER tasks_written_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funil_tasks_written();--> statement-breakpoint

-- A job due now (a mention's email) wakes the processes at once rather than at their next look.
CREATE FUNCTION funil_jobs_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('funil_jobs', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER scheduled_jobs_inserted AFTER INSERT ON scheduled_jobs
  FOR EACH STATEMENT EXECUTE FUNCTION funil_jobs_notify();--> statement-breakpoint

-- 3. Live events for notes and tasks, as for the other records.
CREATE TRIGGER notes_outbox_insert AFTER INSERT ON notes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funil_outbox_written('note');--> statement-breakpoint
CREATE TRIGGER notes_outbox_update AFTER UPDATE ON notes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funil_outbox_written('note');--> statement-breakpoint
CREATE TRIGGER notes_outbox_delete AFTER DELETE ON notes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funil_outbox_written('note');--> statement-breakpoint
CREATE TRIGGER tasks_outbox_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funil_outbox_written('task');--> statement-breakpoint
CREATE TRIGGER tasks_outbox_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funil_outbox_written('task');--> statement-breakpoint
CREATE TRIGGER tasks_outbox_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funil_outbox_written('task');--> statement-breakpoint

-- The timeline reads a lead's status moves newest first, by time.
CREATE INDEX lead_status_changes_lead_id_created_at_idx ON lead_status_changes (lead_id, created_at, id);
