CREATE TABLE "establishment_declarations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"establishment_id" uuid NOT NULL,
	"signed_by" uuid,
	"signer_name" varchar(150) NOT NULL,
	"language" varchar(5) NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"signed_on" date NOT NULL,
	"valid_until" date NOT NULL,
	"pdf" "bytea" NOT NULL,
	"pdf_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "establishment_declarations" ADD CONSTRAINT "establishment_declarations_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishment_declarations" ADD CONSTRAINT "establishment_declarations_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "establishment_declarations_establishment_idx" ON "establishment_declarations" USING btree ("establishment_id","signed_at");