CREATE TABLE `rated_games` (
	`game_id` integer PRIMARY KEY NOT NULL,
	`rated_at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `ratings` (
	`guild_id` text NOT NULL,
	`pool` text NOT NULL,
	`member_id` text NOT NULL,
	`mu` real NOT NULL,
	`sigma` real NOT NULL,
	`games` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`guild_id`, `pool`, `member_id`)
);
--> statement-breakpoint
ALTER TABLE `games` ADD `scoring` text DEFAULT 'draw-size' NOT NULL;--> statement-breakpoint
ALTER TABLE `games` ADD `rate_against_computers` integer DEFAULT false NOT NULL;