-- Every process keeps the answers of recent authentications in memory (src/core/auth/credential-cache.ts)
-- and LISTENs on "fas_credentials": any change to what an authentication answers (a key or token
-- revoked or deleted, an admin's role or workspace, a workspace's sandbox flag or the workspace
-- itself) notifies it at commit, whatever made the change (the API, the CLI, plain SQL), and every
-- process then forgets all it remembered. Writes that change nothing an authentication answers
-- (api_keys.last_used_at, once a minute per key) notify nobody: UPDATE OF lists the columns.
CREATE FUNCTION fas_credentials_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fas_credentials', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER api_keys_credentials_changed
  AFTER UPDATE OF key_hash, workspace_id, revoked_at OR DELETE OR TRUNCATE ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION fas_credentials_changed();
CREATE TRIGGER admin_tokens_credentials_changed
  AFTER UPDATE OF token_hash, admin_id, revoked_at OR DELETE OR TRUNCATE ON admin_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION fas_credentials_changed();
CREATE TRIGGER admins_credentials_changed
  AFTER UPDATE OF email, role, workspace_id OR DELETE OR TRUNCATE ON admins
  FOR EACH STATEMENT EXECUTE FUNCTION fas_credentials_changed();
CREATE TRIGGER workspaces_credentials_changed
  AFTER UPDATE OF sandbox OR DELETE OR TRUNCATE ON workspaces
  FOR EACH STATEMENT EXECUTE FUNCTION fas_credentials_changed();
