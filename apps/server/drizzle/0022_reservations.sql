CREATE TYPE "public"."feed_fetch_result" AS ENUM('ok', 'not_modified', 'error');--> statement-breakpoint
CREATE TYPE "public"."reservation_source" AS ENUM('manual', 'csv', 'ical');--> statement-breakpoint
CREATE TYPE "public"."reservation_status" AS ENUM('confirmed', 'cancelled', 'checked_in');--> statement-breakpoint
CREATE TABLE "reservation_calendar_exports" (
	"establishment_id" uuid PRIMARY KEY NOT NULL,
	"token" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservation_calendar_exports_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "reservation_feeds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"establishment_id" uuid NOT NULL,
	"unit" varchar(100) NOT NULL,
	"channel" varchar(60) NOT NULL,
	"url" varchar(2000) NOT NULL,
	"etag" varchar(500),
	"last_modified" varchar(100),
	"last_fetched_at" timestamp with time zone,
	"last_result" "feed_fetch_result",
	"last_error" varchar(40),
	"last_error_status" integer,
	"last_changes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"establishment_id" uuid NOT NULL,
	"holder_name" varchar(200) NOT NULL,
	"holder_email" varchar(250),
	"holder_phone" varchar(20),
	"arrival" date NOT NULL,
	"departure" date NOT NULL,
	"guests" integer NOT NULL,
	"unit" varchar(100),
	"channel" varchar(60),
	"payment_type" varchar(5),
	"status" "reservation_status" DEFAULT 'confirmed' NOT NULL,
	"notes" varchar(2000),
	"source" "reservation_source" NOT NULL,
	"feed_id" uuid,
	"external_uid" varchar(500),
	"created_by" uuid,
	"request_key" varchar(100),
	"request_hash" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reservation_calendar_exports" ADD CONSTRAINT "reservation_calendar_exports_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_feeds" ADD CONSTRAINT "reservation_feeds_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_feed_id_reservation_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."reservation_feeds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservation_feeds_establishment_idx" ON "reservation_feeds" USING btree ("establishment_id");--> statement-breakpoint
CREATE INDEX "reservations_establishment_arrival_idx" ON "reservations" USING btree ("establishment_id","arrival");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_feed_uid_unique" ON "reservations" USING btree ("feed_id","external_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_csv_reference_unique" ON "reservations" USING btree ("establishment_id","external_uid") WHERE "reservations"."source" = 'csv';--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_request_key_unique" ON "reservations" USING btree ("created_by","request_key");