ALTER TABLE "establishments" ADD COLUMN "a19_certificate" "bytea";--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "a19_certificate_password" "bytea";--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "a19_certificate_subject" varchar(300);--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "a19_certificate_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "a19_environment" "ses_environment" DEFAULT 'production' NOT NULL;--> statement-breakpoint
ALTER TABLE "ses_submissions" ADD COLUMN "authority" varchar(12) DEFAULT 'ses' NOT NULL;