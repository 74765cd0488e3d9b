CREATE TYPE "public"."ses_environment" AS ENUM('production', 'test');--> statement-breakpoint
CREATE TYPE "public"."ses_kind" AS ENUM('PV', 'RH');--> statement-breakpoint
CREATE TYPE "public"."ses_submission_state" AS ENUM('sending', 'queued', 'processed', 'refused', 'failed', 'uncertain');--> statement-breakpoint
CREATE TABLE "ses_submission_items" (
	"submission_id" uuid NOT NULL,
	"pilgrim_id" uuid NOT NULL,
	"orden" integer NOT NULL,
	"communication_code" varchar(36),
	"error_type" varchar(100),
	"error" varchar(300),
	CONSTRAINT "ses_submission_items_submission_id_pilgrim_id_pk" PRIMARY KEY("submission_id","pilgrim_id")
);
--> statement-breakpoint
CREATE TABLE "ses_submissions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"establishment_id" uuid NOT NULL,
	"kind" "ses_kind" NOT NULL,
	"environment" "ses_environment" NOT NULL,
	"state" "ses_submission_state" DEFAULT 'sending' NOT NULL,
	"lote" varchar(36),
	"response_code" integer,
	"response_text" varchar(300),
	"failure" varchar(20),
	"lote_state" integer,
	"lote_state_text" varchar(300),
	"communications" integer NOT NULL,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"checks" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "ses_user" varchar(50);--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "ses_password" "bytea";--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "ses_environment" "ses_environment" DEFAULT 'production' NOT NULL;--> statement-breakpoint
ALTER TABLE "ses_submission_items" ADD CONSTRAINT "ses_submission_items_submission_id_ses_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."ses_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ses_submission_items" ADD CONSTRAINT "ses_submission_items_pilgrim_id_pilgrims_id_fk" FOREIGN KEY ("pilgrim_id") REFERENCES "public"."pilgrims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ses_submissions" ADD CONSTRAINT "ses_submissions_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ses_submissions" ADD CONSTRAINT "ses_submissions_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ses_submission_items_pilgrim_idx" ON "ses_submission_items" USING btree ("pilgrim_id");--> statement-breakpoint
CREATE INDEX "ses_submissions_establishment_idx" ON "ses_submissions" USING btree ("establishment_id","created_at");--> statement-breakpoint
CREATE INDEX "ses_submissions_next_check_idx" ON "ses_submissions" USING btree ("next_check_at");