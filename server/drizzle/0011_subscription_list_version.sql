CREATE TABLE "subscription_list_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
-- A random start, so that versions (and the ETags made of them) of two databases do not coincide.
INSERT INTO "subscription_list_version" ("id", "version") VALUES (1, (random() * 1000000000)::integer);
--> statement-breakpoint
-- Bumps the list version once per transaction, at its commit: a deferred trigger holds the row's lock only
-- while the transaction commits, so writers do not queue behind each other for their whole transaction.
CREATE FUNCTION "bump_subscription_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('kampbeheer.subscription_list_bumped', true), '') <> 'on' THEN
    UPDATE "subscription_list_version" SET "version" = "version" + 1 WHERE "id" = 1;
    PERFORM set_config('kampbeheer.subscription_list_bumped', 'on', true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "subscriptions_list_insert_delete" AFTER INSERT OR DELETE ON "subscriptions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_subscription_list_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "subscriptions_list_update" AFTER UPDATE ON "subscriptions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."reference", OLD."ogm", OLD."camp_id", OLD."child_id", OLD."camp_price_cents", OLD."paid_amount_cents", OLD."paid", OLD."payment_method_id", OLD."cancelled", OLD."cancellation_date")
    IS DISTINCT FROM (NEW."reference", NEW."ogm", NEW."camp_id", NEW."child_id", NEW."camp_price_cents", NEW."paid_amount_cents", NEW."paid", NEW."payment_method_id", NEW."cancelled", NEW."cancellation_date"))
  EXECUTE FUNCTION "bump_subscription_list_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "subscription_discounts_list_insert_delete" AFTER INSERT OR DELETE ON "subscription_discounts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_subscription_list_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "subscription_discounts_list_update" AFTER UPDATE ON "subscription_discounts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."subscription_id", OLD."amount_cents") IS DISTINCT FROM (NEW."subscription_id", NEW."amount_cents"))
  EXECUTE FUNCTION "bump_subscription_list_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "camps_list_delete" AFTER DELETE ON "camps" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_subscription_list_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "camps_list_update" AFTER UPDATE ON "camps" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."period_id", OLD."theme_id", OLD."location_id") IS DISTINCT FROM (NEW."period_id", NEW."theme_id", NEW."location_id"))
  EXECUTE FUNCTION "bump_subscription_list_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "themes_list_update" AFTER UPDATE ON "themes" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "bump_subscription_list_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "locations_list_update" AFTER UPDATE ON "locations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."name_short" IS DISTINCT FROM NEW."name_short") EXECUTE FUNCTION "bump_subscription_list_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "periods_list_update" AFTER UPDATE ON "periods" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."name_short", OLD."start_date", OLD."end_date") IS DISTINCT FROM (NEW."name_short", NEW."start_date", NEW."end_date"))
  EXECUTE FUNCTION "bump_subscription_list_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "children_list_update" AFTER UPDATE ON "children" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."firstname", OLD."lastname") IS DISTINCT FROM (NEW."firstname", NEW."lastname"))
  EXECUTE FUNCTION "bump_subscription_list_version"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_list_truncate" AFTER TRUNCATE ON "subscriptions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_subscription_list_version"();
--> statement-breakpoint
CREATE TRIGGER "subscription_discounts_list_truncate" AFTER TRUNCATE ON "subscription_discounts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_subscription_list_version"();
