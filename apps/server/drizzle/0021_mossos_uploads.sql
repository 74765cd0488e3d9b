CREATE TYPE "public"."authority_upload_kind" AS ENUM('mossos');--> statement-breakpoint
CREATE TABLE "authority_upload_items" (
	"upload_id" uuid NOT NULL,
	"pilgrim_id" uuid NOT NULL,
	CONSTRAINT "authority_upload_items_upload_id_pilgrim_id_pk" PRIMARY KEY("upload_id","pilgrim_id")
);
--> statement-breakpoint
CREATE TABLE "authority_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"establishment_id" uuid NOT NULL,
	"authority" "authority_upload_kind" NOT NULL,
	"reference" varchar(40) NOT NULL,
	"receipt" "bytea",
	"receipt_size" integer,
	"created_by" uuid,
	"uploaded_at" timestamp with time zone,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "authority_reason" varchar(300);--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "mossos_file_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "authority_upload_items" ADD CONSTRAINT "authority_upload_items_upload_id_authority_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."authority_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authority_upload_items" ADD CONSTRAINT "authority_upload_items_pilgrim_id_pilgrims_id_fk" FOREIGN KEY ("pilgrim_id") REFERENCES "public"."pilgrims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authority_uploads" ADD CONSTRAINT "authority_uploads_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authority_uploads" ADD CONSTRAINT "authority_uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authority_uploads" ADD CONSTRAINT "authority_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "authority_upload_items_pilgrim_idx" ON "authority_upload_items" USING btree ("pilgrim_id");--> statement-breakpoint
CREATE INDEX "authority_uploads_establishment_idx" ON "authority_uploads" USING btree ("establishment_id","created_at");