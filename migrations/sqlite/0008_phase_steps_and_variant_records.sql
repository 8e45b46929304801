CREATE TABLE `phase_steps` (
	`phase_id` integer PRIMARY KEY NOT NULL,
	`game_id` integer NOT NULL,
	`step` text,
	`started_at` integer NOT NULL,
	`reminded_at` integer,
	`token` text NOT NULL,
	FOREIGN KEY (`phase_id`) REFERENCES `phases`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `phase_steps_open` ON `phase_steps` (`game_id`) WHERE step IS NOT NULL;--> statement-breakpoint
CREATE TABLE `variant_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` integer NOT NULL,
	`phase_id` integer,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`payload` text NOT NULL,
	`written_by` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`phase_id`) REFERENCES `phases`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `variant_records_phase_key` ON `variant_records` (`game_id`,`phase_id`,`kind`,`key`) WHERE phase_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `variant_records_game_key` ON `variant_records` (`game_id`,`kind`,`key`) WHERE phase_id IS NULL;--> statement-breakpoint
CREATE INDEX `variant_records_phase` ON `variant_records` (`phase_id`);