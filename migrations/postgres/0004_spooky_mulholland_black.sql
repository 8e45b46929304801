CREATE TABLE "rated_games" (
	"game_id" bigint PRIMARY KEY NOT NULL,
	"rated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"guild_id" text NOT NULL,
	"pool" text NOT NULL,
	"member_id" text NOT NULL,
	"mu" double precision NOT NULL,
	"sigma" double precision NOT NULL,
	"games" bigint DEFAULT 0 NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "ratings_guild_id_pool_member_id_pk" PRIMARY KEY("guild_id","pool","member_id")
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "scoring" text DEFAULT 'draw-size' NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "rate_against_computers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rated_games" ADD CONSTRAINT "rated_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;