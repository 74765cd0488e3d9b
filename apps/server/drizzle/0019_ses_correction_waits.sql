ALTER TABLE "ses_submissions" ADD COLUMN "correction_state" varchar(10);--> statement-breakpoint
ALTER TABLE "ses_submissions" ADD COLUMN "correction_error" varchar(300);