CREATE TABLE "deleted_subscriptions" (
	"subscription_id" integer PRIMARY KEY NOT NULL,
	"camp_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_by" integer,
	"snapshot" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deleted_subscriptions" ADD CONSTRAINT "deleted_subscriptions_deleted_by_admins_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deleted_subscriptions_deleted_at_idx" ON "deleted_subscriptions" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "deleted_subscriptions_child_idx" ON "deleted_subscriptions" USING btree ("child_id");