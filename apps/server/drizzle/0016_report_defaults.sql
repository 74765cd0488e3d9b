ALTER TABLE "pilgrims" ALTER COLUMN "document_expedition_date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "default_payment_type" varchar(5);--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "walk_in_nights" integer;