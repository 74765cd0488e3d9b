CREATE TYPE "public"."contact_type" AS ENUM('support', 'sales', 'billing', 'other');--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(150) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(20),
	"company" varchar(150),
	"type" "contact_type" NOT NULL,
	"message" text NOT NULL,
	"language" varchar(5) DEFAULT 'es' NOT NULL,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");