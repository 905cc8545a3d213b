ALTER TABLE "scheduled_jobs" ADD COLUMN "refusals" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_jobs" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "scheduled_jobs" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "scheduled_jobs_claimed_until_idx" ON "scheduled_jobs" USING btree ("claimed_until") WHERE "scheduled_jobs"."claimed_until" is not null;--> statement-breakpoint

-- A task's reminder moved to another time is a new job for that time: it starts with no attempts
-- and no lease, so the process sending the old time's email (whose lease this was) finds the job
-- no longer its own and leaves it for the new time, and any process may take it when it is due.
-- A job no longer owed is found through its task's primary key (a reminder is finished one task
-- at a time now, so this runs once per email, not once per batch).
CREATE OR REPLACE FUNCTION funil_sync_task_reminders(task_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  DELETE FROM scheduled_jobs j
  USING unnest(task_ids) AS x(id)
  WHERE j.key = 'task_reminder:' || x.id
    AND NOT EXISTS (
      SELECT 1 FROM tasks t
      WHERE t.id = x.id
        AND NOT t.done AND t.remind_at IS NOT NULL AND t.remind_at IS DISTINCT FROM t.reminded_for
    );
  INSERT INTO scheduled_jobs (kind, key, run_at, payload)
    SELECT 'task_reminder', 'task_reminder:' || t.id, t.remind_at,
           jsonb_build_object('task_id', t.id, 'remind_at', t.remind_at)
    FROM tasks t
    WHERE t.id = ANY (task_ids)
      AND NOT t.done AND t.remind_at IS NOT NULL AND t.remind_at IS DISTINCT FROM t.reminded_for
  ON CONFLICT (key) DO UPDATE SET run_at = excluded.run_at, payload = excluded.payload,
    attempts = 0, refusals = 0, last_error = NULL, claimed_by = NULL, claimed_until = NULL
  WHERE scheduled_jobs.run_at IS DISTINCT FROM excluded.run_at;
  GET DIAGNOSTICS changed = ROW_COUNT;
  IF changed > 0 THEN
    PERFORM pg_notify('funil_jobs', '');
  END IF;
END
$$;
