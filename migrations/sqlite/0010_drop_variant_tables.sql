DROP TABLE `decisive_declarations`;--> statement-breakpoint
DROP TABLE `decisive_steps`;--> statement-breakpoint
DROP TABLE `start_choices`;