CREATE TABLE "friend_stat_days" (
	"friend_id" integer NOT NULL,
	"day" text NOT NULL,
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"model" text NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"user_messages" integer DEFAULT 0 NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"cached_input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "friend_stat_days_friend_id_day_user_id_source_model_pk" PRIMARY KEY("friend_id","day","user_id","source","model")
);
--> statement-breakpoint
CREATE TABLE "stat_rollup_marks" (
	"source" text PRIMARY KEY NOT NULL,
	"upto_id" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "friend_stat_days" ADD CONSTRAINT "friend_stat_days_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_stat_days" ADD CONSTRAINT "friend_stat_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;