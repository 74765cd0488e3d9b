CREATE TYPE "public"."authority" AS ENUM('ses', 'mossos', 'ertzaintza');--> statement-breakpoint
CREATE TYPE "public"."document_kind" AS ENUM('front', 'back', 'signature');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"action" varchar(50) NOT NULL,
	"entity_type" varchar(30) NOT NULL,
	"entity_id" uuid,
	"establishment_id" uuid,
	"request_id" varchar(64),
	"ip" varchar(64),
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "pilgrim_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pilgrim_id" uuid NOT NULL,
	"kind" "document_kind" NOT NULL,
	"mime_type" varchar(50) NOT NULL,
	"original_name" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pilgrims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"establishment_id" uuid NOT NULL,
	"first_name" varchar(50) NOT NULL,
	"last_name" varchar(50) NOT NULL,
	"second_last_name" varchar(50),
	"nationality" varchar(3) NOT NULL,
	"document_type" varchar(1) NOT NULL,
	"document_number" varchar(20) NOT NULL,
	"document_support_number" varchar(9),
	"date_of_birth" date NOT NULL,
	"gender" varchar(1) NOT NULL,
	"document_expedition_date" date NOT NULL,
	"entry_date" date NOT NULL,
	"check_out_date" date,
	"language" varchar(5) DEFAULT 'es' NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"phone2" varchar(20),
	"contact_address" varchar(200),
	"address_street" varchar(100),
	"address_complement" varchar(100),
	"address_municipality_code" varchar(5),
	"address_municipality_name" varchar(100),
	"address_postal_code" varchar(20),
	"address_country" varchar(3),
	"kinship" varchar(2),
	"emergency_name" varchar(150) NOT NULL,
	"emergency_phone" varchar(20) NOT NULL,
	"emergency_relationship" varchar(20) NOT NULL,
	"contract_reference" varchar(50),
	"contract_date" date,
	"entry_date_time" varchar(19),
	"exit_date_time" varchar(19),
	"number_of_persons" integer,
	"number_of_rooms" integer,
	"internet_booking" boolean,
	"payment_type" varchar(5),
	"payment_date" date,
	"payment_method" varchar(50),
	"payment_holder" varchar(100),
	"card_expiry" varchar(7),
	"search_text" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "establishment_code" varchar(10);--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "landlord_code" varchar(10);--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "authority" "authority";--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "include_document_images_in_pdf" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pilgrim_documents" ADD CONSTRAINT "pilgrim_documents_pilgrim_id_pilgrims_id_fk" FOREIGN KEY ("pilgrim_id") REFERENCES "public"."pilgrims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pilgrims" ADD CONSTRAINT "pilgrims_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pilgrims" ADD CONSTRAINT "pilgrims_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_establishment_idx" ON "audit_log" USING btree ("establishment_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "pilgrim_documents_kind_unique" ON "pilgrim_documents" USING btree ("pilgrim_id","kind");--> statement-breakpoint
CREATE INDEX "pilgrims_establishment_entry_idx" ON "pilgrims" USING btree ("establishment_id","entry_date","id");--> statement-breakpoint
CREATE INDEX "pilgrims_establishment_updated_idx" ON "pilgrims" USING btree ("establishment_id","updated_at");--> statement-breakpoint
CREATE INDEX "pilgrims_entry_idx" ON "pilgrims" USING btree ("entry_date","id");--> statement-breakpoint
CREATE INDEX "pilgrims_last_name_idx" ON "pilgrims" USING btree (lower("last_name"));--> statement-breakpoint
CREATE INDEX "pilgrims_document_number_idx" ON "pilgrims" USING btree ("document_number");