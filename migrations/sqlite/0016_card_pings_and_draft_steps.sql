ALTER TABLE `card_drafts` ADD `steps` text;--> statement-breakpoint
ALTER TABLE `card_games` ADD `pings` text;