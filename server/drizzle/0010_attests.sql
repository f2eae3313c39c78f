CREATE TABLE "fiscal_attest_children" (
	"child_id" integer NOT NULL,
	"year" integer NOT NULL,
	"severe_disability" boolean DEFAULT false NOT NULL,
	"debtors" jsonb,
	CONSTRAINT "fiscal_attest_children_child_id_year_pk" PRIMARY KEY("child_id","year")
);
--> statement-breakpoint
CREATE TABLE "fiscal_attests" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"number" integer NOT NULL,
	"child_id" integer NOT NULL,
	"debtor_index" integer NOT NULL,
	"sheet_index" integer NOT NULL,
	"declared_form" text,
	"declared_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "recognition_code" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "certifying_authority_address" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "certifying_authority_company_number" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "fiscal_daily_maximums" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "fiscal_attest_children" ADD CONSTRAINT "fiscal_attest_children_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_attests" ADD CONSTRAINT "fiscal_attests_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_attests_number_idx" ON "fiscal_attests" USING btree ("year","number");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_attests_sheet_idx" ON "fiscal_attests" USING btree ("year","child_id","debtor_index","sheet_index");--> statement-breakpoint
INSERT INTO "mail_templates" ("id", "subject", "body") VALUES ('fiscaal-attest', 'Fiscaal attest kinderopvang voor {{childName}}', E'Beste {{parentName}},\n\nIn de bijlage vindt u het fiscaal attest voor de kosten van kinderopvang (formulier 281.86) voor {{childName}}.\nBewaar het voor uw belastingaangifte: de organisator geeft dezelfde gegevens door aan de FOD Financiën.\n\nHet kampteam') ON CONFLICT DO NOTHING;
