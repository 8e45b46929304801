CREATE TABLE `member_locales` (
	`user_id` text PRIMARY KEY NOT NULL,
	`locale` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `games` ADD `locale` text DEFAULT 'en' NOT NULL;