CREATE TABLE "attendance" (
	"subscription_id" integer NOT NULL,
	"day" date NOT NULL,
	"present" boolean NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"registered_by" integer,
	CONSTRAINT "attendance_subscription_id_day_pk" PRIMARY KEY("subscription_id","day")
);
--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_registered_by_admins_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;