ALTER TABLE "friends" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "friends" ADD COLUMN "note_depth" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "friends" ADD COLUMN "note_role" text DEFAULT 'system' NOT NULL;--> statement-breakpoint
ALTER TABLE "friends" ADD COLUMN "lorebook" jsonb;--> statement-breakpoint
ALTER TABLE "friends" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "friends" ADD COLUMN "card_creator" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "friends" ADD COLUMN "card_version" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "friends" ADD COLUMN "from_card" integer DEFAULT 0 NOT NULL;