CREATE TABLE `seat_records` (
	`game_id` integer NOT NULL,
	`turn` text NOT NULL,
	`power` text NOT NULL,
	`user_id` text NOT NULL,
	`outcome` text NOT NULL,
	`recorded_at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `turn`, `power`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `seat_records_user` ON `seat_records` (`user_id`);--> statement-breakpoint
CREATE TABLE `substitute_calls` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` integer NOT NULL,
	`power` text NOT NULL,
	`reason` text NOT NULL,
	`vacated_by` text,
	`opened_at` integer NOT NULL,
	`claimed_by` text,
	`closed_at` integer,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `substitute_calls_open` ON `substitute_calls` (`game_id`,`power`) WHERE closed_at IS NULL;--> statement-breakpoint
CREATE INDEX `substitute_calls_vacated` ON `substitute_calls` (`vacated_by`);--> statement-breakpoint
ALTER TABLE `games` ADD `nmr` text DEFAULT 'hold' NOT NULL;--> statement-breakpoint
ALTER TABLE `games` ADD `vacate_after` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `games` ADD `min_reliability` integer;--> statement-breakpoint
ALTER TABLE `phases` ADD `missing_filled_at` integer;