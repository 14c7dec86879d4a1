CREATE TABLE "consent_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"price_alert_id" uuid,
	"subscription_id" uuid,
	"email_hash" text NOT NULL,
	"kind" text NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	"terms" jsonb NOT NULL,
	"wording_version" text NOT NULL,
	"source" text NOT NULL,
	"client_ip_hash" text,
	"request_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"record_gone_at" timestamp with time zone,
	CONSTRAINT "consent_events_kind_valid" CHECK (kind in ('request', 'confirmation')),
	CONSTRAINT "consent_events_one_record" CHECK (num_nonnulls("consent_events"."price_alert_id", "consent_events"."subscription_id") = 1),
	CONSTRAINT "consent_events_request_of_confirmation" CHECK ("consent_events"."kind" = 'confirmation' or "consent_events"."request_id" is null)
);
--> statement-breakpoint
ALTER TABLE "email_links" ADD COLUMN "consent_event_id" uuid;--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD COLUMN "confirmation_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_request_id_consent_events_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."consent_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_events_request_confirmed_once" ON "consent_events" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "consent_events_price_alert_idx" ON "consent_events" USING btree ("price_alert_id","created_at");--> statement-breakpoint
CREATE INDEX "consent_events_subscription_idx" ON "consent_events" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE INDEX "consent_events_email_hash_idx" ON "consent_events" USING btree ("email_hash");--> statement-breakpoint
CREATE INDEX "consent_events_gone_idx" ON "consent_events" USING btree ("record_gone_at");--> statement-breakpoint
ALTER TABLE "email_links" ADD CONSTRAINT "email_links_consent_event_id_consent_events_id_fk" FOREIGN KEY ("consent_event_id") REFERENCES "public"."consent_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_links_consent_event_idx" ON "email_links" USING btree ("consent_event_id");--> statement-breakpoint
ALTER TABLE "email_links" ADD CONSTRAINT "email_links_request_confirm_only" CHECK ("email_links"."consent_event_id" is null or "email_links"."purpose" = 'confirm');
--> statement-breakpoint
-- Written by hand (decision 031): the history starts with the consent each existing row records,
-- as its request, and its confirmation where it was confirmed (naming no request: the links sent
-- before this table confirm the row's terms as they stand).
INSERT INTO "consent_events" ("subscription_id", "email_hash", "kind", "terms", "wording_version", "source", "client_ip_hash", "created_at")
SELECT "id", encode(sha256(convert_to(lower(trim("email")), 'UTF8')), 'hex'), 'request',
  jsonb_build_object('priceDrops', "price_drops", 'newMedications', "new_medications", 'promotions', "promotions", 'weeklyDigest', "weekly_digest", 'subscribedTo', "subscribed_to"),
  "consent_version", "consent_source", "consent_ip_hash", "consented_at"
FROM "subscriptions";--> statement-breakpoint
INSERT INTO "consent_events" ("subscription_id", "email_hash", "kind", "terms", "wording_version", "source", "client_ip_hash", "created_at")
SELECT "id", encode(sha256(convert_to(lower(trim("email")), 'UTF8')), 'hex'), 'confirmation',
  jsonb_build_object('priceDrops', "price_drops", 'newMedications', "new_medications", 'promotions', "promotions", 'weeklyDigest', "weekly_digest", 'subscribedTo', "subscribed_to"),
  "consent_version", 'confirm-link', NULL, "confirmed_at"
FROM "subscriptions" WHERE "confirmed_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "consent_events" ("price_alert_id", "email_hash", "kind", "terms", "wording_version", "source", "client_ip_hash", "created_at")
SELECT "id", encode(sha256(convert_to(lower(trim("email")), 'UTF8')), 'hex'), 'request',
  jsonb_build_object('medicationId', "medication_id", 'dosage', "dosage", 'targetPrice', "target_price", 'expiresAt', "expires_at"),
  "consent_version", "consent_source", "consent_ip_hash", "consented_at"
FROM "price_alerts";--> statement-breakpoint
INSERT INTO "consent_events" ("price_alert_id", "email_hash", "kind", "terms", "wording_version", "source", "client_ip_hash", "created_at")
SELECT "id", encode(sha256(convert_to(lower(trim("email")), 'UTF8')), 'hex'), 'confirmation',
  jsonb_build_object('medicationId', "medication_id", 'dosage', "dosage", 'targetPrice', "target_price", 'expiresAt', "expires_at"),
  "consent_version", 'confirm-link', NULL, "confirmed_at"
FROM "price_alerts" WHERE "confirmed_at" IS NOT NULL;
