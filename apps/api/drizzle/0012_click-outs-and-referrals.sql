CREATE TABLE "click_outs" (
	"day" date NOT NULL,
	"pharmacy_id" text NOT NULL,
	"medication_id" text NOT NULL,
	"dosage" text NOT NULL,
	"source" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "click_outs_day_pharmacy_id_medication_id_dosage_source_pk" PRIMARY KEY("day","pharmacy_id","medication_id","dosage","source"),
	CONSTRAINT "click_outs_source_valid" CHECK (source in ('comparison', 'pharmacy-page', 'email', 'other')),
	CONSTRAINT "click_outs_count_positive" CHECK ("click_outs"."count" > 0)
);
--> statement-breakpoint
ALTER TABLE "pharmacies" ADD COLUMN "referral_params" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "click_outs_pharmacy_day_idx" ON "click_outs" USING btree ("pharmacy_id","day");--> statement-breakpoint
ALTER TABLE "pharmacies" ADD CONSTRAINT "pharmacies_referral_params_query_only" CHECK ("pharmacies"."referral_params" ~ '^[A-Za-z0-9_.~%+=&-]*$');