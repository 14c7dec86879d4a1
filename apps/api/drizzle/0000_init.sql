CREATE TABLE "admin_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"medication_id" text NOT NULL,
	"pharmacy_id" text,
	"category" text DEFAULT 'information' NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"start_date" timestamp with time zone DEFAULT now() NOT NULL,
	"end_date" timestamp with time zone,
	"priority" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_messages_category_valid" CHECK (category in ('warning', 'promo', 'information', 'other')),
	CONSTRAINT "admin_messages_priority_range" CHECK ("admin_messages"."priority" between 0 and 10),
	CONSTRAINT "admin_messages_dates_ordered" CHECK ("admin_messages"."end_date" is null or "admin_messages"."end_date" >= "admin_messages"."start_date")
);
--> statement-breakpoint
CREATE TABLE "admin_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idle_expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip_address" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "admin_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text DEFAULT 'admin' NOT NULL,
	"password_hash" text NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_users_role_valid" CHECK (role in ('admin'))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"changes" jsonb,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"excerpt" text NOT NULL,
	"content" text NOT NULL,
	"author" text NOT NULL,
	"category" text DEFAULT 'General Health' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"featured_image" text,
	"meta_description" text NOT NULL,
	"meta_keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"read_time" integer NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"publish_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_posts_excerpt_length" CHECK (char_length("blog_posts"."excerpt") <= 300),
	CONSTRAINT "blog_posts_meta_description_length" CHECK (char_length("blog_posts"."meta_description") <= 160),
	CONSTRAINT "blog_posts_category_valid" CHECK (category in ('Weight Loss', 'Men''s Health', 'Women''s Health', 'Hair Loss', 'Money Saving', 'General Health')),
	CONSTRAINT "blog_posts_read_time_positive" CHECK ("blog_posts"."read_time" > 0)
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"notes" text,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_subject_valid" CHECK (subject in ('general', 'technical', 'pharmacy', 'pricing', 'feedback', 'other')),
	CONSTRAINT "contacts_status_valid" CHECK (status in ('new', 'read', 'replied', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"template" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_outbox_status_valid" CHECK (status in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "login_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medications" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"generic_name" text,
	"category_id" text NOT NULL,
	"subcategory_id" text NOT NULL,
	"form" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"dosages" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacies" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"website" text NOT NULL,
	"rating" numeric(2, 1) DEFAULT 4 NOT NULL,
	"delivery_options" text[] DEFAULT '{standard}'::text[] NOT NULL,
	"delivery_time" text DEFAULT '1-3 days' NOT NULL,
	"prescription_required" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"trustpilot_url" text DEFAULT '' NOT NULL,
	"min_order_value" numeric(10, 2) DEFAULT 0 NOT NULL,
	"delivery_fee" numeric(10, 2) DEFAULT 2.95 NOT NULL,
	"free_delivery_threshold" numeric(10, 2) DEFAULT 0 NOT NULL,
	"gphc_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pharmacies_rating_range" CHECK ("pharmacies"."rating" between 0 and 5),
	CONSTRAINT "pharmacies_gphc_format" CHECK ("pharmacies"."gphc_number" ~ '^[0-9]{7}$'),
	CONSTRAINT "pharmacies_money_non_negative" CHECK ("pharmacies"."min_order_value" >= 0 and "pharmacies"."delivery_fee" >= 0 and "pharmacies"."free_delivery_threshold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "price_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"medication_id" text NOT NULL,
	"medication_name" text NOT NULL,
	"dosage" text NOT NULL,
	"target_price" numeric(10, 2) NOT NULL,
	"current_price" numeric(10, 2) NOT NULL,
	"lowest_pharmacy_name" text,
	"lowest_pharmacy_price" numeric(10, 2),
	"status" text DEFAULT 'active' NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"triggered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_alerts_status_valid" CHECK (status in ('active', 'triggered', 'cancelled', 'expired')),
	CONSTRAINT "price_alerts_target_positive" CHECK ("price_alerts"."target_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"medication_id" text NOT NULL,
	"pharmacy_id" text NOT NULL,
	"dosage" text NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"in_stock" boolean NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_history_price_positive" CHECK ("price_history"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"medication_id" text NOT NULL,
	"pharmacy_id" text NOT NULL,
	"dosage" text NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"in_stock" boolean DEFAULT true NOT NULL,
	"link" text,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prices_price_positive" CHECK ("prices"."price" > 0),
	CONSTRAINT "prices_quantity_positive" CHECK ("prices"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "subcategories" (
	"id" text PRIMARY KEY NOT NULL,
	"category_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subcategories_id_category_unique" UNIQUE("id","category_id")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"source" text DEFAULT 'popup' NOT NULL,
	"subscribed_to" jsonb DEFAULT '[{"type":"all","value":null}]'::jsonb NOT NULL,
	"price_drops" boolean DEFAULT true NOT NULL,
	"new_medications" boolean DEFAULT true NOT NULL,
	"promotions" boolean DEFAULT true NOT NULL,
	"weekly_digest" boolean DEFAULT false NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"subscribed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"emails_sent_count" integer DEFAULT 0 NOT NULL,
	"last_email_sent" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status_valid" CHECK (status in ('active', 'unsubscribed', 'bounced')),
	CONSTRAINT "subscriptions_source_valid" CHECK (source in ('popup', 'footer', 'checkout', 'manual'))
);
--> statement-breakpoint
ALTER TABLE "admin_messages" ADD CONSTRAINT "admin_messages_medication_id_medications_id_fk" FOREIGN KEY ("medication_id") REFERENCES "public"."medications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_messages" ADD CONSTRAINT "admin_messages_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."pharmacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_messages" ADD CONSTRAINT "admin_messages_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_user_id_admin_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_admin_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_subcategory_in_category_fk" FOREIGN KEY ("subcategory_id","category_id") REFERENCES "public"."subcategories"("id","category_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_medication_id_medications_id_fk" FOREIGN KEY ("medication_id") REFERENCES "public"."medications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_medication_id_medications_id_fk" FOREIGN KEY ("medication_id") REFERENCES "public"."medications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."pharmacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_medication_id_medications_id_fk" FOREIGN KEY ("medication_id") REFERENCES "public"."medications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."pharmacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcategories" ADD CONSTRAINT "subcategories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_messages_medication_idx" ON "admin_messages" USING btree ("medication_id","active");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_sessions_token_hash_unique" ON "admin_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "admin_sessions_user_idx" ON "admin_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_users_email_unique" ON "admin_users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_slug_unique" ON "blog_posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "blog_posts_published_date_idx" ON "blog_posts" USING btree ("published","publish_date");--> statement-breakpoint
CREATE INDEX "contacts_status_created_idx" ON "contacts" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_idempotency_unique" ON "email_outbox" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "medications_subcategory_idx" ON "medications" USING btree ("subcategory_id");--> statement-breakpoint
CREATE INDEX "medications_category_idx" ON "medications" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "medications_lower_name_idx" ON "medications" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "pharmacies_gphc_unique" ON "pharmacies" USING btree ("gphc_number");--> statement-breakpoint
CREATE INDEX "pharmacies_rating_idx" ON "pharmacies" USING btree ("rating");--> statement-breakpoint
CREATE UNIQUE INDEX "price_alerts_unsubscribe_token_unique" ON "price_alerts" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "price_alerts_watch_idx" ON "price_alerts" USING btree ("medication_id","dosage","status");--> statement-breakpoint
CREATE INDEX "price_alerts_email_idx" ON "price_alerts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "price_history_lookup_idx" ON "price_history" USING btree ("medication_id","dosage","pharmacy_id","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "prices_medication_pharmacy_dosage_unique" ON "prices" USING btree ("medication_id","pharmacy_id","dosage");--> statement-breakpoint
CREATE INDEX "prices_medication_dosage_price_idx" ON "prices" USING btree ("medication_id","dosage","price");--> statement-breakpoint
CREATE INDEX "prices_pharmacy_idx" ON "prices" USING btree ("pharmacy_id");--> statement-breakpoint
CREATE INDEX "prices_last_updated_idx" ON "prices" USING btree ("last_updated");--> statement-breakpoint
CREATE INDEX "subcategories_category_idx" ON "subcategories" USING btree ("category_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_email_unique" ON "subscriptions" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_unsubscribe_token_unique" ON "subscriptions" USING btree ("unsubscribe_token");