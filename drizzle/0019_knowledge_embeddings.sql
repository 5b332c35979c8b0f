CREATE TABLE "knowledge_embeddings" (
	"chunk_id" integer PRIMARY KEY NOT NULL,
	"friend_id" integer NOT NULL,
	"model" text NOT NULL,
	"dims" integer NOT NULL,
	"embedding" real[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_embeddings" ADD CONSTRAINT "knowledge_embeddings_chunk_id_knowledge_chunks_id_fk" FOREIGN KEY ("chunk_id") REFERENCES "public"."knowledge_chunks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_embeddings" ADD CONSTRAINT "knowledge_embeddings_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_embeddings_friend_idx" ON "knowledge_embeddings" USING btree ("friend_id","model");