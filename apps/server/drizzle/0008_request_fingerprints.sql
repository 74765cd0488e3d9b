ALTER TABLE "registration_keys" ADD COLUMN "request_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "self_registrations" ADD COLUMN "request_hash" varchar(64);