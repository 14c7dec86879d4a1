-- Written by hand: the trigram operator classes the two indexes use. pg_trgm is a trusted
-- extension (PostgreSQL 13+), so the database's owner may create it; PGlite loads it from contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "medications_name_trgm_idx" ON "medications" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "medications_generic_name_trgm_idx" ON "medications" USING gin ("generic_name" gin_trgm_ops) WITH (fastupdate=false);