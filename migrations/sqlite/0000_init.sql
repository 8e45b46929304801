CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` integer,
	`user_id` text,
	`action` text NOT NULL,
	`detail` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `audit_game` ON `audit_log` (`game_id`);--> statement-breakpoint
CREATE TABLE `games` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` text NOT NULL,
	`guild_id` text,
	`variant_id` text NOT NULL,
	`gm_user_id` text NOT NULL,
	`status` text DEFAULT 'forming' NOT NULL,
	`movement_ms` integer NOT NULL,
	`retreat_ms` integer NOT NULL,
	`adjustment_ms` integer NOT NULL,
	`current_phase_id` integer,
	`deadline_ms` integer,
	`paused_remaining_ms` integer,
	`status_message_id` text,
	`status_version` integer DEFAULT 0 NOT NULL,
	`end` text,
	`created_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `games_channel_open` ON `games` (`channel_id`) WHERE status <> 'finished';--> statement-breakpoint
CREATE INDEX `games_deadline` ON `games` (`status`,`deadline_ms`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`phase_id` integer NOT NULL,
	`power` text NOT NULL,
	`unit_key` text NOT NULL,
	`text` text NOT NULL,
	`order` text NOT NULL,
	`submitted_by` text NOT NULL,
	`submitted_at` integer NOT NULL,
	FOREIGN KEY (`phase_id`) REFERENCES `phases`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_phase_power_unit` ON `orders` (`phase_id`,`power`,`unit_key`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` integer,
	`phase_id` integer,
	`kind` text NOT NULL,
	`target_kind` text NOT NULL,
	`target` text NOT NULL,
	`payload` text NOT NULL,
	`dedupe_key` text NOT NULL,
	`created_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`claimed_until` integer,
	`sent_at` integer,
	`failed_at` integer,
	`last_error` text,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_dedupe_key_unique` ON `outbox` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `outbox_due` ON `outbox` (`sent_at`,`failed_at`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `phases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` integer NOT NULL,
	`idx` integer NOT NULL,
	`season` text NOT NULL,
	`year` integer NOT NULL,
	`type` text NOT NULL,
	`position` text NOT NULL,
	`adjudication` text,
	`started_at` integer NOT NULL,
	`deadline_ms` integer,
	`resolved_at` integer,
	`claim_token` text,
	`reminded_at` integer,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `phases_game_idx` ON `phases` (`game_id`,`idx`);--> statement-breakpoint
CREATE TABLE `players` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` integer NOT NULL,
	`power` text NOT NULL,
	`user_id` text NOT NULL,
	`joined_at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `players_game_power` ON `players` (`game_id`,`power`);--> statement-breakpoint
CREATE UNIQUE INDEX `players_game_user` ON `players` (`game_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `readiness` (
	`phase_id` integer NOT NULL,
	`power` text NOT NULL,
	`ready` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`phase_id`, `power`),
	FOREIGN KEY (`phase_id`) REFERENCES `phases`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `votes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` integer NOT NULL,
	`power` text NOT NULL,
	`kind` text NOT NULL,
	`target` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `votes_game_power_kind` ON `votes` (`game_id`,`power`,`kind`);