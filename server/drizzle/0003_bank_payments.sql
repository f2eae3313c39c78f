CREATE TABLE "bank_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"admin_id" integer,
	"statements" jsonb NOT NULL,
	"movements" integer NOT NULL,
	"matched" integer NOT NULL,
	"already_imported" integer NOT NULL,
	"unmatched" integer NOT NULL,
	"ignored_debits" integer NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"state" text NOT NULL,
	"subscription_id" integer,
	"amount_cents" integer NOT NULL,
	"value_date" date,
	"account_nr" text,
	"payer_name" text,
	"communication" text,
	"structured_communication" text,
	"import_id" integer,
	"statement_date" date,
	"statement_sequence" text,
	"movement_key" text,
	"queue_reason" text,
	"hint_reference" text,
	"ignore_reason" text,
	"changed_by_hand_at" timestamp with time zone,
	"admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_imports" ADD CONSTRAINT "bank_imports_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_import_id_bank_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."bank_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_movement_key_idx" ON "payments" USING btree ("movement_key");--> statement-breakpoint
CREATE INDEX "payments_subscription_idx" ON "payments" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "payments_import_idx" ON "payments" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "payments_state_idx" ON "payments" USING btree ("state");