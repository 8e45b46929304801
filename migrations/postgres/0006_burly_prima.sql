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
--> statement-breakpoint
ALTER TABLE "server_variants" ADD CONSTRAINT "server_variants_variant_id_variant_files_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variant_files"("id") ON DELETE no action ON UPDATE no action;