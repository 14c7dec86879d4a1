ALTER TABLE "blog_posts" ALTER COLUMN "publish_date" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "blog_posts" ALTER COLUMN "publish_date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_published_dated" CHECK (not "blog_posts"."published" or "blog_posts"."publish_date" is not null);