ALTER TABLE `games` ADD `computer_fill` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `games` ADD `demonstration` integer DEFAULT false NOT NULL;