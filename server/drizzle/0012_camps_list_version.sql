-- The lists' version (0011) also covers the camps list of a year (getCamps): every column of a camp, and the
-- names, dates and booking settings of its theme, location, period and age group that the list shows. Seats
-- taken change with subscriptions inserted, deleted, cancelled or moved, which 0011's triggers already cover.
DROP TRIGGER "camps_list_delete" ON "camps";
--> statement-breakpoint
DROP TRIGGER "camps_list_update" ON "camps";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "camps_list_change" AFTER INSERT OR UPDATE OR DELETE ON "camps" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_subscription_list_version"();
--> statement-breakpoint
DROP TRIGGER "locations_list_update" ON "locations";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "locations_list_update" AFTER UPDATE ON "locations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."name", OLD."name_short", OLD."allow_booking_from", OLD."allow_booking_info")
    IS DISTINCT FROM (NEW."name", NEW."name_short", NEW."allow_booking_from", NEW."allow_booking_info"))
  EXECUTE FUNCTION "bump_subscription_list_version"();
--> statement-breakpoint
DROP TRIGGER "periods_list_update" ON "periods";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "periods_list_update" AFTER UPDATE ON "periods" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."name", OLD."name_short", OLD."start_date", OLD."end_date") IS DISTINCT FROM (NEW."name", NEW."name_short", NEW."start_date", NEW."end_date"))
  EXECUTE FUNCTION "bump_subscription_list_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "agegroups_list_update" AFTER UPDATE ON "agegroups" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "bump_subscription_list_version"();
