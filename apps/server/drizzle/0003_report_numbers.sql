CREATE TABLE "report_counters" (
	"establishment_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "report_counters_establishment_id_year_pk" PRIMARY KEY("establishment_id","year")
);
--> statement-breakpoint
ALTER TABLE "pilgrims" ADD COLUMN "report_year" integer;--> statement-breakpoint
ALTER TABLE "pilgrims" ADD COLUMN "report_seq" integer;--> statement-breakpoint
ALTER TABLE "pilgrims" ADD COLUMN "source" varchar(20) DEFAULT 'registration' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_counters" ADD CONSTRAINT "report_counters_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pilgrims_report_number_unique" ON "pilgrims" USING btree ("establishment_id","report_year","report_seq");--> statement-breakpoint
-- Number the travelers registered before report numbers existed: per establishment and year of
-- entry, in the order they were created; then start each counter after the last number given.
WITH numbered AS (
	SELECT "id",
		extract(year FROM "entry_date")::int AS "y",
		row_number() OVER (PARTITION BY "establishment_id", extract(year FROM "entry_date") ORDER BY "created_at", "id")::int AS "n"
	FROM "pilgrims"
	WHERE "report_seq" IS NULL
)
UPDATE "pilgrims" SET "report_year" = numbered."y", "report_seq" = numbered."n"
FROM numbered WHERE "pilgrims"."id" = numbered."id";--> statement-breakpoint
INSERT INTO "report_counters" ("establishment_id", "year", "last_number")
SELECT "establishment_id", "report_year", max("report_seq") FROM "pilgrims"
WHERE "report_year" IS NOT NULL GROUP BY "establishment_id", "report_year";
