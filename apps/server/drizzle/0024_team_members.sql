CREATE TABLE "establishment_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"establishment_id" uuid NOT NULL,
	"name" varchar(60) NOT NULL,
	"permissions" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"establishment_id" uuid NOT NULL,
	"email" varchar(254) NOT NULL,
	"role" varchar(20) NOT NULL,
	"custom_role_id" uuid,
	"token_hash" varchar(64) NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "establishment_members" ALTER COLUMN "role" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "establishment_members" ALTER COLUMN "role" SET DATA TYPE varchar(20) USING "role"::text;--> statement-breakpoint
UPDATE "establishment_members" SET "role" = 'receptionist' WHERE "role" = 'staff';--> statement-breakpoint
ALTER TABLE "establishment_members" ALTER COLUMN "role" SET DEFAULT 'receptionist';--> statement-breakpoint
ALTER TABLE "establishment_members" ADD COLUMN "custom_role_id" uuid;--> statement-breakpoint
ALTER TABLE "establishment_roles" ADD CONSTRAINT "establishment_roles_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_custom_role_id_establishment_roles_id_fk" FOREIGN KEY ("custom_role_id") REFERENCES "public"."establishment_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "establishment_roles_name_unique" ON "establishment_roles" USING btree ("establishment_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_unique" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_establishment_idx" ON "invitations" USING btree ("establishment_id","created_at");--> statement-breakpoint
ALTER TABLE "establishment_members" ADD CONSTRAINT "establishment_members_custom_role_id_establishment_roles_id_fk" FOREIGN KEY ("custom_role_id") REFERENCES "public"."establishment_roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
DROP TYPE "public"."member_role";