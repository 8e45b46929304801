ALTER TABLE `games` ADD `palette` text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE `players` ADD `map_palette` text;