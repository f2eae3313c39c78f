CREATE TABLE "agegroup_ratios" (
	"agegroup_id" integer PRIMARY KEY NOT NULL,
	"children_per_monitor" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "camp_required_qualifications" (
	"camp_id" integer NOT NULL,
	"qualification_id" integer NOT NULL,
	CONSTRAINT "camp_required_qualifications_camp_id_qualification_id_pk" PRIMARY KEY("camp_id","qualification_id")
);
--> statement-breakpoint
CREATE TABLE "monitor_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"monitor_id" integer NOT NULL,
	"camp_id" integer NOT NULL,
	"head" boolean DEFAULT false NOT NULL,
	"draft" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitor_availability" (
	"monitor_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	CONSTRAINT "monitor_availability_monitor_id_period_id_pk" PRIMARY KEY("monitor_id","period_id")
);
--> statement-breakpoint
CREATE TABLE "monitor_qualifications" (
	"monitor_id" integer NOT NULL,
	"qualification_id" integer NOT NULL,
	"valid_until" date,
	CONSTRAINT "monitor_qualifications_monitor_id_qualification_id_pk" PRIMARY KEY("monitor_id","qualification_id")
);
--> statement-breakpoint
CREATE TABLE "monitor_volunteer_kinds" (
	"monitor_id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qualifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "volunteer_allowances" (
	"monitor_id" integer NOT NULL,
	"day" date NOT NULL,
	"camp_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "volunteer_allowances_monitor_id_day_pk" PRIMARY KEY("monitor_id","day")
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "volunteer_daily_caps" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "volunteer_yearly_caps" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "agegroup_ratios" ADD CONSTRAINT "agegroup_ratios_agegroup_id_agegroups_id_fk" FOREIGN KEY ("agegroup_id") REFERENCES "public"."agegroups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camp_required_qualifications" ADD CONSTRAINT "camp_required_qualifications_camp_id_camps_id_fk" FOREIGN KEY ("camp_id") REFERENCES "public"."camps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camp_required_qualifications" ADD CONSTRAINT "camp_required_qualifications_qualification_id_qualifications_id_fk" FOREIGN KEY ("qualification_id") REFERENCES "public"."qualifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_assignments" ADD CONSTRAINT "monitor_assignments_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_assignments" ADD CONSTRAINT "monitor_assignments_camp_id_camps_id_fk" FOREIGN KEY ("camp_id") REFERENCES "public"."camps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_availability" ADD CONSTRAINT "monitor_availability_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_availability" ADD CONSTRAINT "monitor_availability_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_qualifications" ADD CONSTRAINT "monitor_qualifications_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_qualifications" ADD CONSTRAINT "monitor_qualifications_qualification_id_qualifications_id_fk" FOREIGN KEY ("qualification_id") REFERENCES "public"."qualifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_volunteer_kinds" ADD CONSTRAINT "monitor_volunteer_kinds_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_allowances" ADD CONSTRAINT "volunteer_allowances_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_allowances" ADD CONSTRAINT "volunteer_allowances_camp_id_camps_id_fk" FOREIGN KEY ("camp_id") REFERENCES "public"."camps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "monitor_assignments_monitor_camp_idx" ON "monitor_assignments" USING btree ("monitor_id","camp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "monitor_assignments_one_head_idx" ON "monitor_assignments" USING btree ("camp_id") WHERE "monitor_assignments"."head";--> statement-breakpoint
CREATE INDEX "monitor_assignments_camp_idx" ON "monitor_assignments" USING btree ("camp_id");--> statement-breakpoint
CREATE INDEX "volunteer_allowances_camp_idx" ON "volunteer_allowances" USING btree ("camp_id");