CREATE TABLE "server_variants" (
	"guild_id" text NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"variant_id" text NOT NULL,
	"bytes" bigint NOT NULL,
	"added_by" text NOT NULL,
	"added_at" bigint NOT NULL,
	CONSTRAINT "server_variants_guild_id_key_pk" PRIMARY KEY("guild_id","key")
);
--> statement-breakpoint
CREATE TABLE "variant_files" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"map" text NOT NULL,
	"drawing" text,
	"created_at" bigint NOT NULL
);
