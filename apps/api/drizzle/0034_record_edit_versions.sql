-- A lead's and a brand's version (their ETag) is the id of the transaction that last changed the
-- record's own fields, kept in a column rather than read from the row's xmin: the tasks' triggers
-- keep `open_tasks` and `next_task_due_at` on these rows, and every UPDATE gives a row a new xmin,
-- so a task created, completed or deleted on a lead made the next edit over the lead's ETag a 412.
--
-- Existing rows start at 0 (a constant default adds the column without rewriting the table): an
-- ETag read before this migration (an xmin) answers one 412, as after a dump and restore. New rows
-- take their transaction's id.
ALTER TABLE "brands" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ALTER COLUMN "version" SET DEFAULT txid_current();--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "version" SET DEFAULT txid_current();--> statement-breakpoint

-- Every UPDATE stamps its transaction's id, as xmin did (a PATCH that changes nothing still
-- counts as a save), except one that changes only the task counters and nothing else of the
-- record's own: the arguments name the columns that never count (the counters, the version itself
-- and stored generated columns, which are not computed yet in a BEFORE trigger). The whole-row
-- comparison runs only when a counter changed, so other writes pay two column comparisons.
CREATE FUNCTION funil_stamp_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.open_tasks, NEW.next_task_due_at) IS DISTINCT FROM (OLD.open_tasks, OLD.next_task_due_at)
     AND (to_jsonb(NEW) - TG_ARGV) = (to_jsonb(OLD) - TG_ARGV) THEN
    NEW.version := OLD.version;
  ELSE
    NEW.version := txid_current();
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER leads_stamp_version BEFORE UPDATE ON leads
  FOR EACH ROW EXECUTE FUNCTION funil_stamp_version('open_tasks', 'next_task_due_at', 'version');--> statement-breakpoint
CREATE TRIGGER brands_stamp_version BEFORE UPDATE ON brands
  FOR EACH ROW EXECUTE FUNCTION funil_stamp_version(
    'open_tasks', 'next_task_due_at', 'version', 'name_search', 'company_name_search', 'responsible_search'
  );
