CREATE TABLE "reservation_guest_links" (
	"token" varchar(64) PRIMARY KEY NOT NULL,
	"reservation_id" uuid NOT NULL,
	"slot" integer NOT NULL,
	"pilgrim_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reservation_guest_links" ADD CONSTRAINT "reservation_guest_links_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_guest_links" ADD CONSTRAINT "reservation_guest_links_pilgrim_id_pilgrims_id_fk" FOREIGN KEY ("pilgrim_id") REFERENCES "public"."pilgrims"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_guest_links_slot_unique" ON "reservation_guest_links" USING btree ("reservation_id","slot");