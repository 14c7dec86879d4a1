CREATE TABLE "email_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"price_alert_id" uuid,
	"subscription_id" uuid,
	"email_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_links_purpose_valid" CHECK (purpose in ('confirm', 'unsubscribe')),
	CONSTRAINT "email_links_one_target" CHECK (num_nonnulls("email_links"."price_alert_id", "email_links"."subscription_id", "email_links"."email_hash") = 1),
	CONSTRAINT "email_links_address_unsubscribe_only" CHECK ("email_links"."email_hash" is null or "email_links"."purpose" = 'unsubscribe')
);
--> statement-breakpoint
CREATE TABLE "email_suppressions" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "write_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "write_limits_count_positive" CHECK ("write_limits"."count" > 0)
);
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_status_valid";--> statement-breakpoint
DROP INDEX "price_alerts_unsubscribe_token_unique";--> statement-breakpoint
DROP INDEX "price_alerts_email_idx";--> statement-breakpoint
DROP INDEX "subscriptions_unsubscribe_token_unique";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "message_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "price_alert_id" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "claim_token" uuid;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD COLUMN "consent_version" text NOT NULL;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD COLUMN "consented_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD COLUMN "consent_source" text NOT NULL;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD COLUMN "consent_ip_hash" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "consent_version" text NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "consented_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "consent_source" text NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "consent_ip_hash" text;--> statement-breakpoint
ALTER TABLE "email_links" ADD CONSTRAINT "email_links_price_alert_id_price_alerts_id_fk" FOREIGN KEY ("price_alert_id") REFERENCES "public"."price_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_links" ADD CONSTRAINT "email_links_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_links_price_alert_idx" ON "email_links" USING btree ("price_alert_id");--> statement-breakpoint
CREATE INDEX "email_links_subscription_idx" ON "email_links" USING btree ("subscription_id");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_price_alert_id_price_alerts_id_fk" FOREIGN KEY ("price_alert_id") REFERENCES "public"."price_alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_price_alert_idx" ON "email_outbox" USING btree ("price_alert_id");--> statement-breakpoint
CREATE INDEX "email_outbox_subscription_idx" ON "email_outbox" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_alerts_email_medication_dosage_unique" ON "price_alerts" USING btree (lower("email"),"medication_id","dosage");--> statement-breakpoint
CREATE INDEX "price_alerts_expiry_idx" ON "price_alerts" USING btree ("status","expires_at");--> statement-breakpoint
ALTER TABLE "price_alerts" DROP COLUMN "unsubscribe_token";--> statement-breakpoint
ALTER TABLE "subscriptions" DROP COLUMN "unsubscribe_token";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_status_valid" CHECK (status in ('pending', 'sent', 'failed', 'cancelled'));