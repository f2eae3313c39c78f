CREATE TABLE "admins" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agegroups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"admin_id" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "camps" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"theme_id" integer NOT NULL,
	"agegroup_id" integer NOT NULL,
	"min_birthyear" integer NOT NULL,
	"max_birthyear" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"seats_available" integer NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"allow_booking_from" timestamp with time zone,
	"allow_booking_info" text,
	"active_days" text DEFAULT '' NOT NULL,
	"discount_allowed" boolean DEFAULT false NOT NULL,
	"discount_selected_days_allowed" boolean DEFAULT false NOT NULL,
	"flexible_booking_allowed" boolean DEFAULT false NOT NULL,
	"minimum_contiguous_days" integer DEFAULT 0 NOT NULL,
	"minimum_required_days" integer DEFAULT 0 NOT NULL,
	"maximum_allowed_days" integer DEFAULT 0 NOT NULL,
	"reduction_to_earn_cents" integer DEFAULT 0 NOT NULL,
	"fiscal_max_reduction_cents" integer DEFAULT 0 NOT NULL,
	"remark" text,
	"email_template_confirm" text NOT NULL,
	"email_template_cancel" text NOT NULL,
	"email_template_convert_cash" text NOT NULL,
	"email_template_convert_bank_transfer" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "children" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"gender_id" integer NOT NULL,
	"birthdate" date NOT NULL,
	"nationalnr" text
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_short" text NOT NULL,
	"allow_booking_from" timestamp with time zone,
	"allow_booking_info" text
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"address" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lunch_preferences" (
	"id" serial PRIMARY KEY NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" text NOT NULL,
	"subscription_id" integer,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitors" (
	"id" serial PRIMARY KEY NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"remark" text,
	"birthdate" date,
	"nationalnr" text,
	"account_nr" text,
	"street" text,
	"housenr" text,
	"postalcode" text,
	"city" text,
	"camp_location_1" integer,
	"camp_location_2" integer,
	"camp_location_3" integer,
	"camp_location_4" integer,
	"camp_location_5" integer
);
--> statement-breakpoint
CREATE TABLE "parents" (
	"id" serial PRIMARY KEY NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"street" text NOT NULL,
	"housenr" text NOT NULL,
	"postalcode" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"phone" text NOT NULL,
	"phone2" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"nationalnr" text
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" integer PRIMARY KEY NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_short" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"admin_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscription_discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"remark" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"ogm" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"camp_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	"camp_price_cents" integer NOT NULL,
	"paid_amount_cents" integer DEFAULT 0 NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"payment_date" date,
	"paid_account_nr" text,
	"payment_method_id" integer NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"cancellation_date" timestamp with time zone,
	"remark" text,
	"lunch_preference_id" integer,
	"selected_days" text
);
--> statement-breakpoint
CREATE TABLE "themes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"camp_id" integer NOT NULL,
	"type" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "camps" ADD CONSTRAINT "camps_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camps" ADD CONSTRAINT "camps_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camps" ADD CONSTRAINT "camps_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camps" ADD CONSTRAINT "camps_agegroup_id_agegroups_id_fk" FOREIGN KEY ("agegroup_id") REFERENCES "public"."agegroups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camps" ADD CONSTRAINT "camps_email_template_confirm_mail_templates_id_fk" FOREIGN KEY ("email_template_confirm") REFERENCES "public"."mail_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camps" ADD CONSTRAINT "camps_email_template_cancel_mail_templates_id_fk" FOREIGN KEY ("email_template_cancel") REFERENCES "public"."mail_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camps" ADD CONSTRAINT "camps_email_template_convert_cash_mail_templates_id_fk" FOREIGN KEY ("email_template_convert_cash") REFERENCES "public"."mail_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camps" ADD CONSTRAINT "camps_email_template_convert_bank_transfer_mail_templates_id_fk" FOREIGN KEY ("email_template_convert_bank_transfer") REFERENCES "public"."mail_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children" ADD CONSTRAINT "children_parent_id_parents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitors" ADD CONSTRAINT "monitors_camp_location_1_locations_id_fk" FOREIGN KEY ("camp_location_1") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitors" ADD CONSTRAINT "monitors_camp_location_2_locations_id_fk" FOREIGN KEY ("camp_location_2") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitors" ADD CONSTRAINT "monitors_camp_location_3_locations_id_fk" FOREIGN KEY ("camp_location_3") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitors" ADD CONSTRAINT "monitors_camp_location_4_locations_id_fk" FOREIGN KEY ("camp_location_4") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitors" ADD CONSTRAINT "monitors_camp_location_5_locations_id_fk" FOREIGN KEY ("camp_location_5") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_discounts" ADD CONSTRAINT "subscription_discounts_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_camp_id_camps_id_fk" FOREIGN KEY ("camp_id") REFERENCES "public"."camps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_lunch_preference_id_lunch_preferences_id_fk" FOREIGN KEY ("lunch_preference_id") REFERENCES "public"."lunch_preferences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_camp_id_camps_id_fk" FOREIGN KEY ("camp_id") REFERENCES "public"."camps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admins_email_idx" ON "admins" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "camps_period_idx" ON "camps" USING btree ("period_id");--> statement-breakpoint
CREATE INDEX "children_parent_idx" ON "children" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "login_failures_email_idx" ON "login_failures" USING btree ("email","at");--> statement-breakpoint
CREATE INDEX "login_failures_address_idx" ON "login_failures" USING btree ("address","at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_idx" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "subscription_discounts_subscription_idx" ON "subscription_discounts" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_reference_idx" ON "subscriptions" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_ogm_idx" ON "subscriptions" USING btree ("ogm");--> statement-breakpoint
CREATE INDEX "subscriptions_camp_idx" ON "subscriptions" USING btree ("camp_id");--> statement-breakpoint
CREATE INDEX "subscriptions_child_idx" ON "subscriptions" USING btree ("child_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_token_idx" ON "vouchers" USING btree ("token");