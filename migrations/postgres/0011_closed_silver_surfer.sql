ALTER TABLE "phases" ADD COLUMN "held_position" jsonb;--> statement-breakpoint
ALTER TABLE "phases" ADD COLUMN "held_until_ms" bigint;--> statement-breakpoint
CREATE INDEX "phases_held" ON "phases" USING btree ("held_until_ms") WHERE held_until_ms IS NOT NULL;