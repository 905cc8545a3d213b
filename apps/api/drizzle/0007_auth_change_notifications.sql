-- Every API process keeps the sessions it has checked for a few seconds (modules/auth/session-cache.ts).
-- A change that ends a session or alters its user — logout, password reset, deactivation, a role
-- change, by any process or by hand — is announced on the `funil_auth` channel in the same
-- transaction (delivered at commit), so every process forgets it at once.
CREATE FUNCTION funil_auth_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('funil_auth', 'session:' || OLD.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sessions_notify_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION funil_auth_notify_session();--> statement-breakpoint
CREATE FUNCTION funil_auth_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('funil_auth', 'user:' || OLD.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_notify_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION funil_auth_notify_user();
