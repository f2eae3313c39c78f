CREATE TABLE "family_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"parent_id" integer,
	"pending_parent" jsonb,
	"email_confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_idempotency_keys" (
	"account_id" integer NOT NULL,
	"key" text NOT NULL,
	"call" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"answer" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "family_idempotency_keys_account_id_key_pk" PRIMARY KEY("account_id","key")
);
--> statement-breakpoint
CREATE TABLE "family_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "family_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "source" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "family_accounts" ADD CONSTRAINT "family_accounts_parent_id_parents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_idempotency_keys" ADD CONSTRAINT "family_idempotency_keys_account_id_family_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."family_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_links" ADD CONSTRAINT "family_links_account_id_family_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."family_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_sessions" ADD CONSTRAINT "family_sessions_account_id_family_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."family_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "family_accounts_email_idx" ON "family_accounts" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "family_accounts_parent_idx" ON "family_accounts" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "family_idempotency_keys_created_idx" ON "family_idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "family_links_token_hash_idx" ON "family_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "family_sessions_token_hash_idx" ON "family_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "family_sessions_account_idx" ON "family_sessions" USING btree ("account_id");