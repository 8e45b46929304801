ALTER TABLE `phases` ADD `held_position` text;--> statement-breakpoint
ALTER TABLE `phases` ADD `held_until_ms` integer;--> statement-breakpoint
CREATE INDEX `phases_held` ON `phases` (`held_until_ms`) WHERE held_until_ms IS NOT NULL;