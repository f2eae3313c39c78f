ALTER TABLE "settings" ADD COLUMN "belcotax_contact_name" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "belcotax_contact_phone" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "belcotax_contact_email" text;