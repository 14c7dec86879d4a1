-- The NHS route, introductory prices and consultation visits (issue 44, decisions 056-058): NHS charges by the day they take effect; a medication's NHS availability; a price's introductory price and terms; a pharmacy's consultation address.
CREATE TABLE "nhs_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"effective_from" date NOT NULL,
	"source_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nhs_charges_kind_valid" CHECK (kind in ('item', 'ppc-3-months', 'ppc-12-months', 'hrt-ppc')),
	CONSTRAINT "nhs_charges_amount_non_negative" CHECK ("nhs_charges"."amount" >= 0),
	CONSTRAINT "nhs_charges_source_https" CHECK ("nhs_charges"."source_url" like 'https://%')
);
--> statement-breakpoint
ALTER TABLE "feed_held_rows" ADD COLUMN "new_introductory_price" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "feed_held_rows" ADD COLUMN "new_introductory_terms" text;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "nhs_availability" text;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "nhs_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "nhs_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "nhs_item_charge" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "nhs_checked_on" date;--> statement-breakpoint
ALTER TABLE "pharmacies" ADD COLUMN "consultation_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "prices" ADD COLUMN "introductory_price" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "prices" ADD COLUMN "introductory_terms" text;--> statement-breakpoint
CREATE UNIQUE INDEX "nhs_charges_kind_effective_unique" ON "nhs_charges" USING btree ("kind","effective_from");--> statement-breakpoint
ALTER TABLE "feed_held_rows" ADD CONSTRAINT "feed_held_rows_new_introductory_terms_valid" CHECK (new_introductory_terms in ('first-order', 'first-month'));--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_nhs_availability_valid" CHECK (nhs_availability in ('yes', 'criteria', 'no'));--> statement-breakpoint
ALTER TABLE "pharmacies" ADD CONSTRAINT "pharmacies_consultation_url_https" CHECK ("pharmacies"."consultation_url" = '' or "pharmacies"."consultation_url" like 'https://%');--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_introductory_terms_valid" CHECK (introductory_terms in ('first-order', 'first-month'));--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_introductory_both_or_neither" CHECK (("prices"."introductory_price" is null) = ("prices"."introductory_terms" is null));--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_introductory_below_price" CHECK ("prices"."introductory_price" is null or ("prices"."introductory_price" > 0 and "prices"."introductory_price" < "prices"."price"));