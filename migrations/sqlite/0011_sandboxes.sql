CREATE TABLE `sandboxes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_user_id` text NOT NULL,
	`guild_id` text NOT NULL,
	`game_id` integer NOT NULL,
	`variant_id` text NOT NULL,
	`options` text NOT NULL,
	`seated` text NOT NULL,
	`source` text NOT NULL,
	`position` text NOT NULL,
	`orders` text NOT NULL,
	`answers` text NOT NULL,
	`last` text,
	`steps` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`used_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sandboxes_owner` ON `sandboxes` (`owner_user_id`);--> statement-breakpoint
CREATE INDEX `sandboxes_guild` ON `sandboxes` (`guild_id`);--> statement-breakpoint
CREATE INDEX `sandboxes_expiry` ON `sandboxes` (`expires_at`);