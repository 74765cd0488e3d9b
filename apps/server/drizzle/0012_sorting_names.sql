DROP INDEX "establishments_name_idx";--> statement-breakpoint
DROP INDEX "pilgrims_last_name_idx";--> statement-breakpoint
CREATE INDEX "establishments_name_idx" ON "establishments" USING btree ("name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "pilgrims_last_name_idx" ON "pilgrims" USING btree ("last_name" collate "und-x-icu","id");