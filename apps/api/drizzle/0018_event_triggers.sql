-- Every write to a lead, brand or contact leaves one outbox row per record written, in the
-- writer's transaction, whoever the writer is (an API process, a CLI, a statement typed by hand).
-- The writer names its user with set_config('funil.actor', '<uuid>', true); nobody named is null.
-- A lead whose contract_status moved carries the move in `changes`. The notification on
-- funil_outbox (sent at commit, once per transaction) wakes the processes that turn outbox rows
-- into numbered events.
--
-- Statement-level triggers with transition tables: a bulk write adds its rows in one INSERT.
CREATE FUNCTION funil_event_actor() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('funil.actor', true), '')::uuid
$$;--> statement-breakpoint
CREATE FUNCTION funil_outbox_written() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO event_outbox (type, entity_id, actor_id)
      SELECT kind || '.created', n.id, funil_event_actor() FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO event_outbox (type, entity_id, actor_id)
      SELECT kind || '.deleted', o.id, funil_event_actor() FROM old_rows o;
  ELSIF kind = 'lead' THEN
    INSERT INTO event_outbox (type, entity_id, actor_id, changes)
      SELECT 'lead.updated', n.id, funil_event_actor(),
             CASE WHEN o.contract_status IS DISTINCT FROM n.contract_status THEN
               jsonb_build_object('contract_status', jsonb_build_object('from', o.contract_status, 'to', n.contract_status))
             END
      FROM new_rows n JOIN old_rows o ON o.id = n.id;
  ELSE
    INSERT INTO event_outbox (type, entity_id, actor_id)
      SELECT kind || '.updated', n.id, funil_event_actor() FROM new_rows n;
  END IF;
  PERFORM pg_notify('funil_outbox', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER leads_outbox_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funil_outbox_written('lead');--> statement-breakpoint
CREATE TRIGGER leads_outbox_update AFTER UPDATE ON leads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funil_outbox_written('lead');--> statement-breakpoint
CREATE TRIGGER leads_outbox_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funil_outbox_written('lead');--> statement-breakpoint
CREATE TRIGGER brands_outbox_insert AFTER INSERT ON brands REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funil_outbox_written('brand');--> statement-breakpoint
CREATE TRIGGER brands_outbox_update AFTER UPDATE ON brands REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funil_outbox_written('brand');--> statement-breakpoint
CREATE TRIGGER brands_outbox_delete AFTER DELETE ON brands REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funil_outbox_written('brand');--> statement-breakpoint
CREATE TRIGGER contacts_outbox_insert AFTER INSERT ON contacts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funil_outbox_written('contact');--> statement-breakpoint
CREATE TRIGGER contacts_outbox_update AFTER UPDATE ON contacts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funil_outbox_written('contact');--> statement-breakpoint
CREATE TRIGGER contacts_outbox_delete AFTER DELETE ON contacts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION funil_outbox_written('contact');
