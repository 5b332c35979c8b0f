CREATE TABLE "group_chats" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"friendids" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"friend_id" integer,
	"role" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"speaker" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'done' NOT NULL,
	"error" text,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"cached_input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "history_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"viewer_id" integer,
	"viewer_email" text NOT NULL,
	"target_email" text NOT NULL,
	"friendid" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "group_chats" ADD CONSTRAINT "group_chats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_messages" ADD CONSTRAINT "group_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_messages" ADD CONSTRAINT "group_messages_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_audit" ADD CONSTRAINT "history_audit_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_analyses" ADD CONSTRAINT "friend_analyses_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_messages_user_idx" ON "group_messages" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "group_messages_streaming_idx" ON "group_messages" USING btree ("updated_at") WHERE "group_messages"."status" = 'streaming';--> statement-breakpoint
CREATE INDEX "history_audit_at_idx" ON "history_audit" USING btree ("at");