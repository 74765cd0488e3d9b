CREATE TABLE "reservation_guest_links" (
	"token" varchar(64) PRIMARY KEY NOT NULL,
	"reservation_id" uuid NOT NULL,
	"slot" integer NOT NULL,
	"pilgrim_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_reports" (
	"submission_id" uuid NOT NULL,
	"reservation_id" uuid NOT NULL,
	"orden" integer NOT NULL,
	"fingerprint" varchar(100) NOT NULL,
	"guests_sent" integer DEFAULT 0 NOT NULL,
	"communication_code" varchar(36),
	"error_type" varchar(100),
	"error" varchar(300),
	"cancelled_by" uuid,
	CONSTRAINT "reservation_reports_submission_id_reservation_id_pk" PRIMARY KEY("submission_id","reservation_id")
);
--> statement-breakpoint
ALTER TABLE "reservation_guest_links" ADD CONSTRAINT "reservation_guest_links_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_guest_links" ADD CONSTRAINT "reservation_guest_links_pilgrim_id_pilgrims_id_fk" FOREIGN KEY ("pilgrim_id") REFERENCES "public"."pilgrims"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_reports" ADD CONSTRAINT "reservation_reports_submission_id_ses_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."ses_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_reports" ADD CONSTRAINT "reservation_reports_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_reports" ADD CONSTRAINT "reservation_reports_cancelled_by_ses_submissions_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."ses_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_guest_links_slot_unique" ON "reservation_guest_links" USING btree ("reservation_id","slot");--> statement-breakpoint
CREATE INDEX "reservation_reports_reservation_idx" ON "reservation_reports" USING btree ("reservation_id");