PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_sandboxes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_user_id` text NOT NULL,
	`guild_id` text NOT NULL,
	`game_id` integer,
	`variant_id` text NOT NULL,
	`options` text NOT NULL,
	`seated` text NOT NULL,
	`source` text NOT NULL,
	`position` text NOT NULL,
	`orders` text NOT NULL,
	`stage` text DEFAULT '{"step":null,"token":"","records":[],"posts":[]}' NOT NULL,
	`last` text,
	`steps` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`used_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_sandboxes`("id", "owner_user_id", "guild_id", "game_id", "variant_id", "options", "seated", "source", "position", "orders", "stage", "last", "steps", "created_at", "used_at", "expires_at") SELECT "id", "owner_user_id", "guild_id", "game_id", "variant_id", "options", "seated", "source", "position", "orders", "stage", "last", "steps", "created_at", "used_at", "expires_at" FROM `sandboxes`;--> statement-breakpoint
DROP TABLE `sandboxes`;--> statement-breakpoint
ALTER TABLE `__new_sandboxes` RENAME TO `sandboxes`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `sandboxes_owner` ON `sandboxes` (`owner_user_id`);--> statement-breakpoint
CREATE INDEX `sandboxes_guild` ON `sandboxes` (`guild_id`);--> statement-breakpoint
CREATE INDEX `sandboxes_expiry` ON `sandboxes` (`expires_at`);