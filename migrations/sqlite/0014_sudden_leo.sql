ALTER TABLE `sandboxes` ADD `stage` text DEFAULT '{"step":null,"token":"","records":[],"posts":[]}' NOT NULL;--> statement-breakpoint
ALTER TABLE `sandboxes` DROP COLUMN `answers`;