CREATE TABLE "mail_schedule_sends" (
	"schedule_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"mail_id" integer,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_schedule_sends_schedule_id_subscription_id_pk" PRIMARY KEY("schedule_id","subscription_id")
);
--> statement-breakpoint
CREATE TABLE "mail_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"camp_id" integer NOT NULL,
	"template_id" text NOT NULL,
	"trigger" text NOT NULL,
	"days" integer NOT NULL,
	"target" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"mail_id" integer,
	"admin_id" integer
);
--> statement-breakpoint
ALTER TABLE "camps" ADD COLUMN "cancellation_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "reminder_interval_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "reminder_max_count" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_schedule_sends" ADD CONSTRAINT "mail_schedule_sends_schedule_id_mail_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."mail_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_schedule_sends" ADD CONSTRAINT "mail_schedule_sends_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_schedule_sends" ADD CONSTRAINT "mail_schedule_sends_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_schedules" ADD CONSTRAINT "mail_schedules_camp_id_camps_id_fk" FOREIGN KEY ("camp_id") REFERENCES "public"."camps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_schedules" ADD CONSTRAINT "mail_schedules_template_id_mail_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."mail_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_schedules_camp_idx" ON "mail_schedules" USING btree ("camp_id");--> statement-breakpoint
CREATE INDEX "payment_reminders_subscription_idx" ON "payment_reminders" USING btree ("subscription_id","sent_at");--> statement-breakpoint
-- The payment reminder and refund mail templates ship with the product (issue 19), also on a database made before them.
INSERT INTO "mail_templates" ("id", "subject", "body") VALUES ('herinnering', 'Herinnering: betaling voor {{childName}} - {{campName}}', E'Beste {{parentName}},\n\nVoor de inschrijving van {{childName}} voor {{campName}} ({{periodDates}}) staat nog {{saldo}} open.\nGelieve over te schrijven op {{organiserAccount}} met de gestructureerde mededeling {{ogm}}, of scan de QR-code in deze mail met uw bankapp.\nReferentie: {{reference}}.\n\nHet kampteam') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "mail_templates" ("id", "subject", "body") VALUES ('terugbetaling', 'Terugbetaling voor {{childName}} - {{campName}}', E'Beste {{parentName}},\n\nWe hebben {{refundAmount}} teruggestort voor de inschrijving van {{childName}} voor {{campName}}.\nReferentie: {{reference}}.\n\nHet kampteam') ON CONFLICT DO NOTHING;

