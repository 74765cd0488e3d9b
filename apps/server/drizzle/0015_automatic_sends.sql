CREATE TYPE "public"."ses_send_mode" AS ENUM('manual', 'on_registration', 'daily');--> statement-breakpoint
CREATE TABLE "ses_alerts" (
	"establishment_id" uuid PRIMARY KEY NOT NULL,
	"deadline_alerted_on" date,
	"traveler_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submission_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"alerted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ses_send_schedules" (
	"establishment_id" uuid NOT NULL,
	"kind" "ses_kind" NOT NULL,
	"mode" "ses_send_mode" DEFAULT 'manual' NOT NULL,
	"at_time" varchar(5),
	"enabled_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ses_send_schedules_establishment_id_kind_pk" PRIMARY KEY("establishment_id","kind")
);
--> statement-breakpoint
ALTER TABLE "ses_alerts" ADD CONSTRAINT "ses_alerts_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ses_send_schedules" ADD CONSTRAINT "ses_send_schedules_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;