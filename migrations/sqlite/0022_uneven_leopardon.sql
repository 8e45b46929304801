CREATE TABLE `server_variants` (
	`guild_id` text NOT NULL,
	`name` text NOT NULL,
	`key` text NOT NULL,
	`variant_id` text NOT NULL,
	`bytes` integer NOT NULL,
	`added_by` text NOT NULL,
	`added_at` integer NOT NULL,
	PRIMARY KEY(`guild_id`, `key`)
);
--> statement-breakpoint
CREATE TABLE `variant_files` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`map` text NOT NULL,
	`drawing` text,
	`created_at` integer NOT NULL
);
