ALTER TABLE "phases" ADD COLUMN "held_position" jsonb;--> statement-breakpoint
ALTER TABLE "phases" ADD COLUMN "held_until_ms" bigint;