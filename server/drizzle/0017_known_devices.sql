CREATE TABLE "known_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "device_id" integer;--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "known_devices_token_hash_idx" ON "known_devices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "known_devices_admin_idx" ON "known_devices" USING btree ("admin_id");--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_device_id_known_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."known_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_failures_device_idx" ON "login_failures" USING btree ("device_id","at");--> statement-breakpoint
-- A sign-in that brings a known device's token for its account (features/auth/service.ts): under a lock per device,
-- count the device's failures in the window, refuse when it is at its limit, and otherwise record the attempt as a
-- failure of that device before its password is checked, as record_login_attempt does for the address and the pair.
-- The address's count is not asked: a flooded address does not lock out the browsers its staff signed in from.
CREATE FUNCTION "record_device_login_attempt"(p_device_id integer, p_email text, p_address text, p_since timestamptz, p_now timestamptz, p_max integer)
RETURNS TABLE ("failureId" integer) LANGUAGE plpgsql AS $$
DECLARE
  device_count integer;
BEGIN
  PERFORM pg_advisory_xact_lock(4, p_device_id);
  SELECT count(*) INTO device_count FROM login_failures f WHERE f.device_id = p_device_id AND f.at > p_since;
  IF device_count >= p_max THEN
    RETURN;
  END IF;
  RETURN QUERY INSERT INTO login_failures (email, address, at, device_id) VALUES (p_email, p_address, p_now, p_device_id)
    RETURNING id;
END $$;
