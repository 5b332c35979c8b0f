CREATE TABLE "personal_terms" (
	"friend_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"lexeme" text NOT NULL,
	"df" integer NOT NULL,
	CONSTRAINT "personal_terms_friend_id_owner_id_lexeme_pk" PRIMARY KEY("friend_id","owner_id","lexeme")
);
--> statement-breakpoint
ALTER TABLE "friend_files" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "personal_terms" ADD CONSTRAINT "personal_terms_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_terms" ADD CONSTRAINT "personal_terms_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "personal_terms_owner_idx" ON "personal_terms" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "friend_files" ADD CONSTRAINT "friend_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "friend_files_owner_idx" ON "friend_files" USING btree ("owner_id","friend_id") WHERE "friend_files"."owner_id" is not null;--> statement-breakpoint
CREATE INDEX "knowledge_chunks_owner_idx" ON "knowledge_chunks" USING btree ("owner_id","friend_id") WHERE "knowledge_chunks"."owner_id" is not null;