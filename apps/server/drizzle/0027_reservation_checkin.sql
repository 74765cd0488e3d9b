ALTER TABLE "establishments" ADD COLUMN "reservation_reminder_days" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "auto_confirm_reservation_checkins" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "checkin_token" varchar(64);--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "holder_language" varchar(5);--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "self_registrations" ADD COLUMN "reservation_id" uuid;--> statement-breakpoint
ALTER TABLE "self_registrations" ADD CONSTRAINT "self_registrations_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "self_registrations_reservation_idx" ON "self_registrations" USING btree ("reservation_id");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_checkin_token_unique" UNIQUE("checkin_token");