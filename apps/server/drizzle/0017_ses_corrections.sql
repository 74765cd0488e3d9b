CREATE TYPE "public"."ses_operation" AS ENUM('A', 'B');--> statement-breakpoint
ALTER TABLE "ses_submission_items" ADD COLUMN "cancelled_by" uuid;--> statement-breakpoint
ALTER TABLE "ses_submissions" ADD COLUMN "operation" "ses_operation" DEFAULT 'A' NOT NULL;--> statement-breakpoint
ALTER TABLE "ses_submissions" ADD COLUMN "correction_id" uuid;--> statement-breakpoint
ALTER TABLE "ses_submission_items" ADD CONSTRAINT "ses_submission_items_cancelled_by_ses_submissions_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."ses_submissions"("id") ON DELETE set null ON UPDATE no action;