ALTER TABLE "subscriptions" ALTER COLUMN "source" SET DEFAULT 'phone';--> statement-breakpoint
-- Staff's bookings were not told apart (issue 40): they count as by phone, the registration screen's default.
UPDATE "subscriptions" SET "source" = 'phone' WHERE "source" = 'staff';
