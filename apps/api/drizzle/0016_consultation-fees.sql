-- Consultation fees (issue 30, decision 042): every pharmacy charges none until staff set one, per order by default.
ALTER TABLE "pharmacies" ADD COLUMN "consultation_fee" numeric(10, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pharmacies" ADD COLUMN "consultation_fee_basis" text DEFAULT 'per-order' NOT NULL;--> statement-breakpoint
ALTER TABLE "pharmacies" ADD CONSTRAINT "pharmacies_consultation_fee_non_negative" CHECK ("pharmacies"."consultation_fee" >= 0);--> statement-breakpoint
ALTER TABLE "pharmacies" ADD CONSTRAINT "pharmacies_consultation_fee_basis_valid" CHECK (consultation_fee_basis in ('per-order', 'one-off'));