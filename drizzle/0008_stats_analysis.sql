CREATE TABLE "friend_analyses" (
	"friend_id" integer NOT NULL,
	"lang" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tone" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"inconsistencies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sampled" integer DEFAULT 0 NOT NULL,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "friend_analyses_friend_id_lang_pk" PRIMARY KEY("friend_id","lang")
);
--> statement-breakpoint
ALTER TABLE "friend_analyses" ADD CONSTRAINT "friend_analyses_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE cascade ON UPDATE no action;