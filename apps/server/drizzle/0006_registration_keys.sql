CREATE TABLE "registration_keys" (
	"user_id" uuid NOT NULL,
	"key" varchar(100) NOT NULL,
	"pilgrim_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "registration_keys" ADD CONSTRAINT "registration_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_keys" ADD CONSTRAINT "registration_keys_pilgrim_id_pilgrims_id_fk" FOREIGN KEY ("pilgrim_id") REFERENCES "public"."pilgrims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_keys_pilgrim_idx" ON "registration_keys" USING btree ("pilgrim_id");