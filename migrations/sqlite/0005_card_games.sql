CREATE TABLE `card_drafts` (
	`game_id` integer NOT NULL,
	`seat` integer NOT NULL,
	`version` integer NOT NULL,
	`effects` text NOT NULL,
	`recruit` text,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `seat`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `card_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`round` integer NOT NULL,
	`action` text NOT NULL,
	`events` text NOT NULL,
	`actor` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `card_events_game_seq` ON `card_events` (`game_id`,`seq`);--> statement-breakpoint
CREATE TABLE `card_games` (
	`game_id` integer PRIMARY KEY NOT NULL,
	`settings` text NOT NULL,
	`seed` text NOT NULL,
	`phase` text NOT NULL,
	`round` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deadline_ms` integer,
	`turn_started_ms` integer,
	`remind_at_ms` integer,
	`paused_remaining_ms` integer,
	`state` text,
	`round_start_seq` integer DEFAULT 0 NOT NULL,
	`seq` integer DEFAULT 0 NOT NULL,
	`thread_id` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `card_games_deadline` ON `card_games` (`deadline_ms`);--> statement-breakpoint
CREATE INDEX `card_games_remind` ON `card_games` (`remind_at_ms`);--> statement-breakpoint
CREATE TABLE `card_seats` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` integer NOT NULL,
	`seat` integer,
	`user_id` text NOT NULL,
	`dynasty` text,
	`notify` text DEFAULT 'mention' NOT NULL,
	`away` integer DEFAULT false NOT NULL,
	`timeouts` integer DEFAULT 0 NOT NULL,
	`conceded` integer DEFAULT false NOT NULL,
	`joined_at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `card_seats_game_user` ON `card_seats` (`game_id`,`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `card_seats_game_dynasty` ON `card_seats` (`game_id`,`dynasty`);--> statement-breakpoint
CREATE UNIQUE INDEX `card_seats_game_seat` ON `card_seats` (`game_id`,`seat`);--> statement-breakpoint
ALTER TABLE `games` ADD `kind` text DEFAULT 'diplomacy' NOT NULL;