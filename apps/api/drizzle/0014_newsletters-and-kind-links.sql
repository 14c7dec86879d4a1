-- Staff newsletters and per-kind unsubscribe links (issue 28, decision 041): the newsletters, the outbox rows that carry one, the kind an email's unsubscribe link stops.
CREATE TABLE "newsletters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"audience_interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"audience_conditions" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"scheduled_for" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "newsletters_status_valid" CHECK (status in ('draft', 'scheduled', 'sending', 'sent', 'cancelled')),
	CONSTRAINT "newsletters_subject_not_blank" CHECK (char_length(trim("newsletters"."subject")) > 0),
	CONSTRAINT "newsletters_scheduled_dated" CHECK ("newsletters"."status" in ('draft', 'cancelled') or "newsletters"."scheduled_for" is not null)
);
--> statement-breakpoint
ALTER TABLE "email_links" ADD COLUMN "stops_kind" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "newsletter_id" uuid;--> statement-breakpoint
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletters_due_idx" ON "newsletters" USING btree ("status","scheduled_for");--> statement-breakpoint
CREATE INDEX "newsletters_created_idx" ON "newsletters" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_newsletter_id_newsletters_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_newsletter_idx" ON "email_outbox" USING btree ("newsletter_id","status");--> statement-breakpoint
ALTER TABLE "email_links" ADD CONSTRAINT "email_links_kind_valid" CHECK ("email_links"."stops_kind" is null or ("email_links"."subscription_id" is not null and stops_kind in ('priceDrops', 'newMedications', 'promotions', 'weeklyDigest')));