ALTER TABLE "messages" ADD COLUMN "variant_of" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "chosen" boolean DEFAULT true NOT NULL;