ALTER TABLE "users" ADD COLUMN "imgcreated" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "offline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "request" text DEFAULT '' NOT NULL;