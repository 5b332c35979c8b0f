CREATE TABLE "reading_horizons" (
	"user_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"chapter" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_horizons_user_id_friend_id_pk" PRIMARY KEY("user_id","friend_id")
);
--> statement-breakpoint
ALTER TABLE "friends" ADD COLUMN "citations" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "friend_files" ADD COLUMN "chapters" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD COLUMN "chapter" integer;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD COLUMN "page" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "citations" jsonb;--> statement-breakpoint
ALTER TABLE "reading_horizons" ADD CONSTRAINT "reading_horizons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_horizons" ADD CONSTRAINT "reading_horizons_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE cascade ON UPDATE no action;