-- Is this a good price (issue 45, decisions 059-062): dated events on a medication's price history; supply notices; the monthly UK price index; keys for the open API and their daily use.
CREATE TABLE "api_key_usage" (
	"key_id" uuid NOT NULL,
	"day" date NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "api_key_usage_key_id_day_pk" PRIMARY KEY("key_id","day"),
	CONSTRAINT "api_key_usage_counts_non_negative" CHECK ("api_key_usage"."answered" >= 0 and "api_key_usage"."refused" >= 0)
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"per_minute" integer NOT NULL,
	"per_day" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "api_keys_name_not_blank" CHECK (char_length(trim("api_keys"."name")) > 0),
	CONSTRAINT "api_keys_quotas_positive" CHECK ("api_keys"."per_minute" >= 1 and "api_keys"."per_day" >= "api_keys"."per_minute")
);
--> statement-breakpoint
CREATE TABLE "medication_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"medication_id" text NOT NULL,
	"dosage" text,
	"kind" text NOT NULL,
	"happened_on" date NOT NULL,
	"summary" text NOT NULL,
	"source_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medication_events_kind_valid" CHECK (kind in ('list-price-change', 'supply-disruption', 'new-strength', 'other')),
	CONSTRAINT "medication_events_summary_not_blank" CHECK (char_length(trim("medication_events"."summary")) > 0),
	CONSTRAINT "medication_events_source_https" CHECK ("medication_events"."source_url" like 'https://%')
);
--> statement-breakpoint
CREATE TABLE "price_index_months" (
	"month" date NOT NULL,
	"medication_id" text NOT NULL,
	"dosage" text NOT NULL,
	"subcategory_id" text NOT NULL,
	"median_lowest" numeric(10, 2) NOT NULL,
	"days" integer NOT NULL,
	"pharmacies" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_index_months_month_medication_id_dosage_pk" PRIMARY KEY("month","medication_id","dosage"),
	CONSTRAINT "price_index_months_first_day" CHECK (extract(day from "price_index_months"."month") = 1),
	CONSTRAINT "price_index_months_median_positive" CHECK ("price_index_months"."median_lowest" > 0),
	CONSTRAINT "price_index_months_counts_positive" CHECK ("price_index_months"."days" >= 1 and "price_index_months"."pharmacies" >= 1)
);
--> statement-breakpoint
CREATE TABLE "supply_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"medication_id" text NOT NULL,
	"dosage" text,
	"message" text NOT NULL,
	"source_url" text NOT NULL,
	"source_date" date NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supply_notices_message_not_blank" CHECK (char_length(trim("supply_notices"."message")) > 0),
	CONSTRAINT "supply_notices_source_https" CHECK ("supply_notices"."source_url" like 'https://%'),
	CONSTRAINT "supply_notices_ends_after_start" CHECK ("supply_notices"."ends_at" is null or "supply_notices"."ends_at" > "supply_notices"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "api_key_usage" ADD CONSTRAINT "api_key_usage_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_events" ADD CONSTRAINT "medication_events_medication_id_medications_id_fk" FOREIGN KEY ("medication_id") REFERENCES "public"."medications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_index_months" ADD CONSTRAINT "price_index_months_medication_id_medications_id_fk" FOREIGN KEY ("medication_id") REFERENCES "public"."medications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_notices" ADD CONSTRAINT "supply_notices_medication_id_medications_id_fk" FOREIGN KEY ("medication_id") REFERENCES "public"."medications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_unique" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "medication_events_medication_day_idx" ON "medication_events" USING btree ("medication_id","happened_on");--> statement-breakpoint
CREATE INDEX "price_index_months_subcategory_idx" ON "price_index_months" USING btree ("month","subcategory_id");--> statement-breakpoint
CREATE INDEX "supply_notices_medication_idx" ON "supply_notices" USING btree ("medication_id","starts_at");