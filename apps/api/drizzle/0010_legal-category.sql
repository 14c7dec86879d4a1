-- Every existing medication becomes POM (the default): unknown means prescription-only, the safe reading (decision 035).
ALTER TABLE "medications" ADD COLUMN "legal_category" text DEFAULT 'POM' NOT NULL;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_legal_category_valid" CHECK (legal_category in ('POM', 'P', 'GSL'));