ALTER TABLE "pharmacies" DROP CONSTRAINT "pharmacies_gphc_format";--> statement-breakpoint
ALTER TABLE "pharmacies" ADD COLUMN "cqc_number" text;--> statement-breakpoint
ALTER TABLE "pharmacies" ADD CONSTRAINT "pharmacies_cqc_format" CHECK ("pharmacies"."cqc_number" ~ '^1-[0-9]{8,12}$');--> statement-breakpoint
-- Written by hand: the demo catalogue's made-up numbers started with 9 (premises numbers start with 1); they become the demo's new ones, 19 and their last 5 digits. Any other number breaking the rule stops this migration: there is no right number to guess.
UPDATE "pharmacies" SET "gphc_number" = '19' || substr("gphc_number", 3) WHERE "gphc_number" ~ '^9[0-9]{6}$';--> statement-breakpoint
ALTER TABLE "pharmacies" ADD CONSTRAINT "pharmacies_gphc_format" CHECK ("pharmacies"."gphc_number" ~ '^1[0-9]{6}$');