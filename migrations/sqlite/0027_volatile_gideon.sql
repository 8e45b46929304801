ALTER TABLE `phases` ADD `held_position` text;--> statement-breakpoint
ALTER TABLE `phases` ADD `held_until_ms` integer;