CREATE TABLE `spectators` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` integer NOT NULL,
	`power` text NOT NULL,
	`user_id` text NOT NULL,
	`status` text NOT NULL,
	`show_orders` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `spectators_game_user_power` ON `spectators` (`game_id`,`user_id`,`power`);--> statement-breakpoint
CREATE INDEX `spectators_game` ON `spectators` (`game_id`);--> statement-breakpoint
ALTER TABLE `games` ADD `clock` text;--> statement-breakpoint
ALTER TABLE `games` ADD `pause_limit_ms` integer DEFAULT 259200000 NOT NULL;--> statement-breakpoint
ALTER TABLE `games` ADD `pause_used_ms` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `games` ADD `paused_by` text;--> statement-breakpoint
ALTER TABLE `games` ADD `paused_at` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `resume_at` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `muster_ms` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `muster_ends_at` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `fog` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `games_resume` ON `games` (`status`,`resume_at`);--> statement-breakpoint
CREATE INDEX `games_muster` ON `games` (`muster_ends_at`);--> statement-breakpoint
ALTER TABLE `players` ADD `mustered_at` integer;