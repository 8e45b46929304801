CREATE TABLE `press_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` integer NOT NULL,
	`phase_id` integer NOT NULL,
	`from_power` text NOT NULL,
	`to_powers` text NOT NULL,
	`to_all` integer DEFAULT false NOT NULL,
	`text` text NOT NULL,
	`sent_at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `press_messages_sender` ON `press_messages` (`game_id`,`phase_id`,`from_power`);--> statement-breakpoint
CREATE TABLE `press_threads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` integer NOT NULL,
	`powers` text NOT NULL,
	`thread_id` text,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `press_threads_powers` ON `press_threads` (`game_id`,`powers`);--> statement-breakpoint
ALTER TABLE `games` ADD `press` text DEFAULT 'open' NOT NULL;