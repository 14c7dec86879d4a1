-- Beyond one machine (issue 46, decisions 063-064): the tags each public data version changed, and tag purges owed to a shared cache in front.
CREATE TABLE "cache_purges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target" text NOT NULL,
	"tags" text[] NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cache_purges_target_not_blank" CHECK (char_length(trim("cache_purges"."target")) > 0),
	CONSTRAINT "cache_purges_tags_not_empty" CHECK (cardinality("cache_purges"."tags") >= 1),
	CONSTRAINT "cache_purges_attempts_non_negative" CHECK ("cache_purges"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "public_data_changes" (
	"version" integer PRIMARY KEY NOT NULL,
	"tags" text[] NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "public_data_changes_tags_not_empty" CHECK (cardinality("public_data_changes"."tags") >= 1)
);
--> statement-breakpoint
CREATE INDEX "cache_purges_due" ON "cache_purges" USING btree ("next_attempt_at");