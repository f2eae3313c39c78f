CREATE TABLE "idempotency_keys" (
	"admin_id" integer NOT NULL,
	"key" text NOT NULL,
	"call" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"answer" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_admin_id_key_pk" PRIMARY KEY("admin_id","key")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");