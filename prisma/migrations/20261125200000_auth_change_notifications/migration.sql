-- Server processes keep resolved credentials in memory (src/core/auth/auth-cache.ts). Any change
-- that could alter what a credential resolves to (revocation, deletion, an admin's role or email,
-- a workspace's sandbox flag) notifies every listening process at commit, whoever made it: the
-- API, the CLI or SQL typed by an operator. "Last used" updates do not notify.
CREATE FUNCTION "notify_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fas_auth_changed', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER "api_keys_auth_changed" AFTER UPDATE ON "api_keys" FOR EACH ROW
  WHEN ((OLD."id", OLD."workspace_id", OLD."key_hash", OLD."revoked_at") IS DISTINCT FROM (NEW."id", NEW."workspace_id", NEW."key_hash", NEW."revoked_at"))
  EXECUTE FUNCTION "notify_auth_changed"();
CREATE TRIGGER "api_keys_auth_removed" AFTER DELETE OR TRUNCATE ON "api_keys" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();

CREATE TRIGGER "admin_tokens_auth_changed" AFTER UPDATE ON "admin_tokens" FOR EACH ROW
  WHEN ((OLD."id", OLD."admin_id", OLD."token_hash", OLD."revoked_at") IS DISTINCT FROM (NEW."id", NEW."admin_id", NEW."token_hash", NEW."revoked_at"))
  EXECUTE FUNCTION "notify_auth_changed"();
CREATE TRIGGER "admin_tokens_auth_removed" AFTER DELETE OR TRUNCATE ON "admin_tokens" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();

CREATE TRIGGER "admins_auth_changed" AFTER UPDATE ON "admins" FOR EACH ROW
  WHEN ((OLD."id", OLD."workspace_id", OLD."email", OLD."role") IS DISTINCT FROM (NEW."id", NEW."workspace_id", NEW."email", NEW."role"))
  EXECUTE FUNCTION "notify_auth_changed"();
CREATE TRIGGER "admins_auth_removed" AFTER DELETE OR TRUNCATE ON "admins" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();

CREATE TRIGGER "workspaces_auth_changed" AFTER UPDATE ON "workspaces" FOR EACH ROW
  WHEN ((OLD."id", OLD."sandbox") IS DISTINCT FROM (NEW."id", NEW."sandbox"))
  EXECUTE FUNCTION "notify_auth_changed"();
CREATE TRIGGER "workspaces_auth_removed" AFTER DELETE OR TRUNCATE ON "workspaces" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();
