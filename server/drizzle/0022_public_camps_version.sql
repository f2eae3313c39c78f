ALTER TABLE "settings" ADD COLUMN "organiser_logo" text;--> statement-breakpoint
-- The public site's camps (issue 40, getPublicCamps) are kept per process by the lists' version (0011, 0012), so the
-- version also covers what that answer shows beyond the staff lists: a location's address, the lunch preferences,
-- the organiser's name and logo, and the seats an open offer of the waiting list holds (which the staff camps list
-- counts as taken too).
DROP TRIGGER "locations_list_update" ON "locations";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "locations_list_update" AFTER UPDATE ON "locations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."name", OLD."name_short", OLD."address", OLD."allow_booking_from", OLD."allow_booking_info")
    IS DISTINCT FROM (NEW."name", NEW."name_short", NEW."address", NEW."allow_booking_from", NEW."allow_booking_info"))
  EXECUTE FUNCTION "bump_subscription_list_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "lunch_preferences_list_change" AFTER INSERT OR UPDATE OR DELETE ON "lunch_preferences" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_subscription_list_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "waiting_offers_list_change" AFTER INSERT OR UPDATE OR DELETE ON "waiting_offers" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_subscription_list_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "settings_list_insert" AFTER INSERT ON "settings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_subscription_list_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "settings_list_update" AFTER UPDATE ON "settings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."organiser_name", OLD."organiser_logo") IS DISTINCT FROM (NEW."organiser_name", NEW."organiser_logo"))
  EXECUTE FUNCTION "bump_subscription_list_version"();
