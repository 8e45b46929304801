CREATE TABLE `decisive_declarations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`phase_id` integer NOT NULL,
	`power` text NOT NULL,
	`commander` text NOT NULL,
	`unit` text,
	`kind` text,
	`province` text,
	`submitted_by` text NOT NULL,
	`submitted_at` integer NOT NULL,
	FOREIGN KEY (`phase_id`) REFERENCES `phases`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `decisive_declarations_commander` ON `decisive_declarations` (`phase_id`,`power`,`commander`);--> statement-breakpoint
CREATE TABLE `decisive_steps` (
	`phase_id` integer PRIMARY KEY NOT NULL,
	`game_id` integer NOT NULL,
	`stage` text NOT NULL,
	`mode` text NOT NULL,
	`provisional` text NOT NULL,
	`allowed` text NOT NULL,
	`battles` text,
	`outcomes` text,
	`started_at` integer NOT NULL,
	`declaration_deadline_ms` integer NOT NULL,
	`battle_deadline_ms` integer,
	`token` text NOT NULL,
	FOREIGN KEY (`phase_id`) REFERENCES `phases`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `start_choices` (
	`phase_id` integer NOT NULL,
	`power` text NOT NULL,
	`city` text,
	`unit_type` text,
	`chosen_by` text,
	`chosen_at` integer,
	`applied_at` integer,
	PRIMARY KEY(`phase_id`, `power`),
	FOREIGN KEY (`phase_id`) REFERENCES `phases`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `games` ADD `options` text;