CREATE TABLE "categories" (
	"id" integer NOT NULL,
	"lang" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "categories_id_lang_pk" PRIMARY KEY("id","lang")
);
--> statement-breakpoint
CREATE TABLE "friend_access" (
	"friend_id" integer NOT NULL,
	"email" text NOT NULL,
	"fullname" text DEFAULT '' NOT NULL,
	"editpriv" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "friend_access_friend_id_email_pk" PRIMARY KEY("friend_id","email")
);
--> statement-breakpoint
CREATE TABLE "friends" (
	"id" serial PRIMARY KEY NOT NULL,
	"friendid" text NOT NULL,
	"friendname" text DEFAULT '' NOT NULL,
	"personality" text DEFAULT '' NOT NULL,
	"background" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"firstprompt" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"temp" integer DEFAULT 80 NOT NULL,
	"top_p" integer DEFAULT 20 NOT NULL,
	"friendtype" integer DEFAULT 0 NOT NULL,
	"voice" text DEFAULT '' NOT NULL,
	"voice_instructions" text DEFAULT '' NOT NULL,
	"model" text DEFAULT 'auto' NOT NULL,
	"category" integer DEFAULT 0 NOT NULL,
	"publicfriend" integer DEFAULT 0 NOT NULL,
	"lang" text,
	"owner_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lastupdate" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "signin_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"friendid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "signin_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"fullname" text DEFAULT '' NOT NULL,
	"password_hash" text,
	"usertype" integer DEFAULT 1 NOT NULL,
	"canadd" boolean DEFAULT false NOT NULL,
	"imgedit" boolean DEFAULT false NOT NULL,
	"globalpriv" boolean DEFAULT false NOT NULL,
	"autoread" integer DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"monthly" integer DEFAULT 0 NOT NULL,
	"duedate" timestamp with time zone,
	"credits" integer DEFAULT 0 NOT NULL,
	"imgcredit" integer DEFAULT 0 NOT NULL,
	"lang" text DEFAULT 'he' NOT NULL,
	"currency" text DEFAULT 'ILS' NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "friend_access" ADD CONSTRAINT "friend_access_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friends" ADD CONSTRAINT "friends_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signin_links" ADD CONSTRAINT "signin_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "friend_access_email_idx" ON "friend_access" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "friends_friendid_lower_idx" ON "friends" USING btree (lower("friendid"));--> statement-breakpoint
CREATE INDEX "friends_owner_idx" ON "friends" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "signin_links_user_idx" ON "signin_links" USING btree ("user_id");