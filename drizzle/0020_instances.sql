CREATE TABLE "instances" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dead" boolean DEFAULT false NOT NULL,
	"swept" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "instance" integer;--> statement-breakpoint
ALTER TABLE "group_messages" ADD COLUMN "instance" integer;--> statement-breakpoint
ALTER TABLE "credit_holds" ADD COLUMN "instance" integer;