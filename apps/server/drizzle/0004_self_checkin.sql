CREATE TYPE "public"."self_registration_status" AS ENUM('pending', 'confirmed');--> statement-breakpoint
CREATE TABLE "checkin_links" (
	"establishment_id" uuid PRIMARY KEY NOT NULL,
	"token" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "self_registrations" (
	"pilgrim_id" uuid PRIMARY KEY NOT NULL,
	"establishment_id" uuid NOT NULL,
	"confirmation_code" varchar(8) NOT NULL,
	"status" "self_registration_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" uuid
);
--> statement-breakpoint
ALTER TABLE "checkin_links" ADD CONSTRAINT "checkin_links_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_registrations" ADD CONSTRAINT "self_registrations_pilgrim_id_pilgrims_id_fk" FOREIGN KEY ("pilgrim_id") REFERENCES "public"."pilgrims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_registrations" ADD CONSTRAINT "self_registrations_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_registrations" ADD CONSTRAINT "self_registrations_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_links_token_unique" ON "checkin_links" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "self_registrations_code_unique" ON "self_registrations" USING btree ("confirmation_code");--> statement-breakpoint
CREATE INDEX "self_registrations_establishment_status_idx" ON "self_registrations" USING btree ("establishment_id","status");