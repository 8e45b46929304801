CREATE TABLE `deliverers` (
	`id` text PRIMARY KEY NOT NULL,
	`host` text NOT NULL,
	`pid` integer NOT NULL,
	`started_at` integer NOT NULL,
	`heartbeat_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `outbox` ADD `claimed_by` text;--> statement-breakpoint
CREATE INDEX `outbox_claimed` ON `outbox` (`claimed_by`) WHERE claimed_by IS NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox` DROP COLUMN `claimed_until`;