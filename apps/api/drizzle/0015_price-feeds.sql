-- Price feeds (issue 29, decision 045): a feed per pharmacy, rows held for review, when each price was last confirmed and by whom.
CREATE TABLE "feed_held_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pharmacy_id" text NOT NULL,
	"run_id" uuid,
	"row" integer,
	"medication_id" text,
	"medication_name" text NOT NULL,
	"dosage" text NOT NULL,
	"old_price" numeric(10, 2),
	"new_price" numeric(10, 2) NOT NULL,
	"old_link" text,
	"new_link" text,
	"in_stock" boolean,
	"reasons" text[] NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"held_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	CONSTRAINT "feed_held_rows_status_valid" CHECK (status in ('held', 'accepted', 'rejected', 'superseded')),
	CONSTRAINT "feed_held_rows_new_price_positive" CHECK ("feed_held_rows"."new_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "pharmacy_feeds" (
	"pharmacy_id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"format" text NOT NULL,
	"runs_per_day" integer DEFAULT 1 NOT NULL,
	"start_minute" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"header_name" text,
	"header_value_sealed" text,
	"etag" text,
	"last_modified" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pharmacy_feeds_format_valid" CHECK (format in ('price-sheet', 'flat-csv')),
	CONSTRAINT "pharmacy_feeds_runs_per_day_valid" CHECK ("pharmacy_feeds"."runs_per_day" in (1, 2, 4, 6, 12, 24)),
	CONSTRAINT "pharmacy_feeds_start_minute_range" CHECK ("pharmacy_feeds"."start_minute" between 0 and 1439),
	CONSTRAINT "pharmacy_feeds_header_pair" CHECK (("pharmacy_feeds"."header_name" is null) = ("pharmacy_feeds"."header_value_sealed" is null))
);
--> statement-breakpoint
ALTER TABLE "prices" ADD COLUMN "last_confirmed" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "prices" ADD COLUMN "confirmed_by" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_held_rows" ADD CONSTRAINT "feed_held_rows_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."pharmacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_held_rows" ADD CONSTRAINT "feed_held_rows_run_id_job_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."job_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_held_rows" ADD CONSTRAINT "feed_held_rows_medication_id_medications_id_fk" FOREIGN KEY ("medication_id") REFERENCES "public"."medications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_held_rows" ADD CONSTRAINT "feed_held_rows_decided_by_admin_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_feeds" ADD CONSTRAINT "pharmacy_feeds_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."pharmacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_held_rows_status_idx" ON "feed_held_rows" USING btree ("status","held_at");--> statement-breakpoint
CREATE INDEX "feed_held_rows_pharmacy_idx" ON "feed_held_rows" USING btree ("pharmacy_id","status");--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_confirmed_by_valid" CHECK (confirmed_by in ('feed', 'sheet', 'staff'));--> statement-breakpoint
-- hand-written: a price stored before feeds was last confirmed when it was last updated (not at the migration).
UPDATE "prices" SET "last_confirmed" = "last_updated";
