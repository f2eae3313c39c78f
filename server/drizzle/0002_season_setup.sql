CREATE TABLE "settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"organiser_name" text NOT NULL,
	"organiser_address" text,
	"organiser_company_number" text,
	"organiser_belcotax_reference" text,
	"organiser_iban" text NOT NULL,
	"organiser_bic" text,
	"mail_from" text NOT NULL,
	"public_site_url" text NOT NULL,
	"certifying_authority" text,
	"signatory_name" text,
	"signatory_capacity" text,
	"signature_image" text
);
--> statement-breakpoint
ALTER TABLE "agegroups" ADD COLUMN "min_age" integer;--> statement-breakpoint
ALTER TABLE "agegroups" ADD COLUMN "max_age" integer;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "address" text;--> statement-breakpoint
-- Age groups named like 'Kinderen (6-8 jaar)' get that range as their suggested ages.
UPDATE "agegroups" SET "min_age" = (regexp_match("name", '\((\d+)\s*-\s*(\d+) jaar\)'))[1]::int,
  "max_age" = (regexp_match("name", '\((\d+)\s*-\s*(\d+) jaar\)'))[2]::int
  WHERE "name" ~ '\((\d+)\s*-\s*(\d+) jaar\)';
