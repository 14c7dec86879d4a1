-- Alert kinds and manage my alerts (issue 30, decision 043): what an alert watches, a pause, no target for the kinds without one, and links that open an address's alerts.
ALTER TABLE "email_links" DROP CONSTRAINT "email_links_purpose_valid";--> statement-breakpoint
ALTER TABLE "email_links" DROP CONSTRAINT "email_links_address_unsubscribe_only";--> statement-breakpoint
ALTER TABLE "price_alerts" ALTER COLUMN "target_price" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD COLUMN "kind" text DEFAULT 'target' NOT NULL;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_links" ADD CONSTRAINT "email_links_manage_address_only" CHECK ("email_links"."purpose" <> 'manage' or "email_links"."email_hash" is not null);--> statement-breakpoint
ALTER TABLE "email_links" ADD CONSTRAINT "email_links_purpose_valid" CHECK (purpose in ('confirm', 'unsubscribe', 'manage'));--> statement-breakpoint
ALTER TABLE "email_links" ADD CONSTRAINT "email_links_address_unsubscribe_only" CHECK ("email_links"."email_hash" is null or "email_links"."purpose" in ('unsubscribe', 'manage'));--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_kind_valid" CHECK (kind in ('target', 'any-fall', 'low-90-days', 'back-in-stock'));--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_target_of_target_kind" CHECK ("price_alerts"."kind" <> 'target' or "price_alerts"."target_price" is not null);