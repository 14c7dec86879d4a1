import type { BlogPost, BlogPostSummary } from "@pharmacompare/contract";
import { and, desc, eq, getTableColumns, ne } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { blogPosts } from "../db/schema.ts";

type BlogRow = typeof blogPosts.$inferSelect;
const { content: _content, ...summaryColumns } = getTableColumns(blogPosts);

function toSummary(row: Omit<BlogRow, "content">): BlogPostSummary {
  return {
    _id: row.id,
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    author: row.author,
    // Published posts always have one (a CHECK constraint); only published posts come here.
    publishDate: (row.publishDate ?? row.lastUpdated).toISOString(),
    lastUpdated: row.lastUpdated.toISOString(),
    category: row.category as BlogPost["category"],
    tags: row.tags,
    featuredImage: row.featuredImage,
    metaDescription: row.metaDescription,
    metaKeywords: row.metaKeywords,
    readTime: row.readTime,
    published: row.published,
  };
}

export type BlogService = ReturnType<typeof createBlogService>;

export function createBlogService(db: Database) {
  return {
    /** Published posts, newest first. */
    async listPublished(options: { limit: number; category?: string }): Promise<BlogPostSummary[]> {
      const rows = await db
        .select(summaryColumns)
        .from(blogPosts)
        .where(
          and(
            eq(blogPosts.published, true),
            options.category ? eq(blogPosts.category, options.category) : undefined,
          ),
        )
        .orderBy(desc(blogPosts.publishDate), desc(blogPosts.createdAt))
        .limit(options.limit);
      return rows.map(toSummary);
    },

    async getPublishedBySlug(slug: string): Promise<BlogPost | null> {
      const [row] = await db
        .select()
        .from(blogPosts)
        .where(and(eq(blogPosts.slug, slug), eq(blogPosts.published, true)));
      return row ? { ...toSummary(row), content: row.content } : null;
    },

    /** Up to `limit` other published posts in the same category, newest first; null if the post is unknown. */
    async listRelated(slug: string, limit: number): Promise<BlogPostSummary[] | null> {
      const [post] = await db
        .select({ id: blogPosts.id, category: blogPosts.category })
        .from(blogPosts)
        .where(and(eq(blogPosts.slug, slug), eq(blogPosts.published, true)));
      if (!post) return null;
      const rows = await db
        .select(summaryColumns)
        .from(blogPosts)
        .where(
          and(
            eq(blogPosts.published, true),
            eq(blogPosts.category, post.category),
            ne(blogPosts.id, post.id),
          ),
        )
        .orderBy(desc(blogPosts.publishDate))
        .limit(limit);
      return rows.map(toSummary);
    },
  };
}
