CREATE TABLE "waiting_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"camp_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	"parent_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"position" integer NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"offer_id" integer,
	"subscription_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waiting_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"camp_id" integer NOT NULL,
	"seats" integer NOT NULL,
	"token_hash" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"admin_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "waiting_offer_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "family_cancel_cutoff_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "waiting_entries" ADD CONSTRAINT "waiting_entries_camp_id_camps_id_fk" FOREIGN KEY ("camp_id") REFERENCES "public"."camps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_entries" ADD CONSTRAINT "waiting_entries_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_entries" ADD CONSTRAINT "waiting_entries_parent_id_parents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_entries" ADD CONSTRAINT "waiting_entries_offer_id_waiting_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."waiting_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_entries" ADD CONSTRAINT "waiting_entries_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_offers" ADD CONSTRAINT "waiting_offers_camp_id_camps_id_fk" FOREIGN KEY ("camp_id") REFERENCES "public"."camps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waiting_entries_camp_state_idx" ON "waiting_entries" USING btree ("camp_id","state","position");--> statement-breakpoint
CREATE INDEX "waiting_entries_child_idx" ON "waiting_entries" USING btree ("child_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_offers_token_hash_idx" ON "waiting_offers" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "waiting_offers_camp_state_idx" ON "waiting_offers" USING btree ("camp_id","state");