-- Course plans (issue 30, decision 042): a medication's dose steps, priced as a course on its condition page.
CREATE TABLE "course_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"medication_id" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"steps" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_plans_name_not_blank" CHECK (char_length(trim("course_plans"."name")) > 0),
	CONSTRAINT "course_plans_steps_list" CHECK (jsonb_typeof("course_plans"."steps") = 'array' and jsonb_array_length("course_plans"."steps") between 1 and 12)
);
--> statement-breakpoint
ALTER TABLE "course_plans" ADD CONSTRAINT "course_plans_medication_id_medications_id_fk" FOREIGN KEY ("medication_id") REFERENCES "public"."medications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_plans_medication_idx" ON "course_plans" USING btree ("medication_id","position");