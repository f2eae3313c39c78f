-- Every server process keeps the sessions it checked for a few seconds (server/src/features/auth/session-cache.ts).
-- Whatever ends or changes a session sends a notice at its commit, on which every process drops its sessions:
-- a logout or any revocation, a shortened expiry, a session removed, and a user's role, linked monitor,
-- disabled state, e-mail address or password changed, or the user removed. NOTIFY is transactional (sent
-- at the commit, never for a rolled-back change) and PostgreSQL folds a transaction's equal notices into one.
CREATE FUNCTION "notify_sessions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kampbeheer_sessions', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_revoked" AFTER UPDATE ON "sessions" FOR EACH ROW
  WHEN (NEW."revoked_at" IS DISTINCT FROM OLD."revoked_at" OR NEW."expires_at" < OLD."expires_at"
    OR NEW."admin_id" <> OLD."admin_id" OR NEW."token_hash" <> OLD."token_hash")
  EXECUTE FUNCTION "notify_sessions_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_removed" AFTER DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();
--> statement-breakpoint
CREATE TRIGGER "admins_changed" AFTER UPDATE ON "admins" FOR EACH ROW
  WHEN ((OLD."role", OLD."monitor_id", OLD."disabled_at", OLD."email", OLD."password_hash")
    IS DISTINCT FROM (NEW."role", NEW."monitor_id", NEW."disabled_at", NEW."email", NEW."password_hash"))
  EXECUTE FUNCTION "notify_sessions_changed"();
--> statement-breakpoint
CREATE TRIGGER "admins_removed" AFTER DELETE ON "admins" FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();
