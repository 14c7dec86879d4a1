-- Newsletters (issue 41): "failed", a newsletter whose sending run failed its last try; the operations address is told.
ALTER TABLE "newsletters" DROP CONSTRAINT "newsletters_status_valid";--> statement-breakpoint
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_status_valid" CHECK (status in ('draft', 'scheduled', 'sending', 'sent', 'cancelled', 'failed'));