ALTER TABLE "friend_files" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "friend_files" ADD CONSTRAINT "friend_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "friend_files_owner_idx" ON "friend_files" USING btree ("owner_id","friend_id") WHERE "friend_files"."owner_id" is not null;--> statement-breakpoint
CREATE INDEX "knowledge_chunks_owner_idx" ON "knowledge_chunks" USING btree ("owner_id","friend_id") WHERE "knowledge_chunks"."owner_id" is not null;