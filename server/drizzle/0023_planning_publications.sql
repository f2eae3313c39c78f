CREATE TABLE "planning_publications" (
	"camp_year" integer PRIMARY KEY NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"admin_id" integer
);
--> statement-breakpoint
ALTER TABLE "planning_publications" ADD CONSTRAINT "planning_publications_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;