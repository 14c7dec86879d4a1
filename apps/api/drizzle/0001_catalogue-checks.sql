ALTER TABLE "admin_messages" ADD CONSTRAINT "admin_messages_title_not_blank" CHECK (char_length(trim("admin_messages"."title")) > 0);--> statement-breakpoint
ALTER TABLE "admin_messages" ADD CONSTRAINT "admin_messages_message_not_blank" CHECK (char_length(trim("admin_messages"."message")) > 0);--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_slug_format" CHECK ("blog_posts"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length("blog_posts"."slug") <= 120);--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_title_not_blank" CHECK (char_length(trim("blog_posts"."title")) > 0);--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_id_slug" CHECK ("categories"."id" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length("categories"."id") <= 120);--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_name_not_blank" CHECK (char_length(trim("categories"."name")) > 0);--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_id_slug" CHECK ("medications"."id" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length("medications"."id") <= 120);--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_name_not_blank" CHECK (char_length(trim("medications"."name")) > 0);--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_form_valid" CHECK (form in ('Tablets', 'Capsules', 'Injection', 'Gel', 'Cream', 'Ointment', 'Solution', 'Liquid', 'Patches', 'Nasal Spray', 'Foam', 'Lotion', 'Shampoo', 'Orodispersible Tablets', 'Oral Lyophilisate Tablets', 'Rings', 'Bundle', 'other'));--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_dosages_not_empty" CHECK (not ('' = any("medications"."dosages")));--> statement-breakpoint
ALTER TABLE "pharmacies" ADD CONSTRAINT "pharmacies_id_slug" CHECK ("pharmacies"."id" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length("pharmacies"."id") <= 120);--> statement-breakpoint
ALTER TABLE "pharmacies" ADD CONSTRAINT "pharmacies_name_not_blank" CHECK (char_length(trim("pharmacies"."name")) > 0);--> statement-breakpoint
ALTER TABLE "pharmacies" ADD CONSTRAINT "pharmacies_delivery_options_valid" CHECK ("pharmacies"."delivery_options" <@ array['standard', 'express', 'next-day', 'click-collect']::text[]);--> statement-breakpoint
ALTER TABLE "subcategories" ADD CONSTRAINT "subcategories_id_slug" CHECK ("subcategories"."id" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length("subcategories"."id") <= 120);--> statement-breakpoint
ALTER TABLE "subcategories" ADD CONSTRAINT "subcategories_name_not_blank" CHECK (char_length(trim("subcategories"."name")) > 0);