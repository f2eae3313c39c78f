CREATE TABLE "safety_sheet_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"levels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"monitor_days_before" integer DEFAULT 1 NOT NULL,
	"retention_days" integer DEFAULT 30 NOT NULL,
	"medewerker_reads" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_sheets" (
	"child_id" integer PRIMARY KEY NOT NULL,
	"sheet" jsonb NOT NULL,
	"keep_in_account" boolean DEFAULT false NOT NULL,
	"photo_consent_on" date NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "safety_sheets" ADD CONSTRAINT "safety_sheets_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;