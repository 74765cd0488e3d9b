ALTER TYPE "public"."token_purpose" ADD VALUE 'sign_in';--> statement-breakpoint
CREATE TABLE "nif_holds" (
	"nif" varchar(20) PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
