import {
  type BlogPost,
  type BlogPostListQuery,
  type BlogPostSummary,
  findNamedMedicine,
  prescriptionOnlyNames,
} from "@pharmacompare/contract";
import { and, desc, eq, getTableColumns, ne } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { blogPosts, medications } from "../../db/schema.ts";

type BlogRow = typeof blogPosts.$inferSelect;

/** How many of the newest posts the home page's list reads to find three it may show. */
const HOME_SCAN_LIMIT = 100;
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

export function createBlogService(db: Database) {
  return {
    /**
     * Published posts, newest first. For the home page (`surface: "home"`), only posts whose card
     * names no prescription-only medicine (decision 040), read from the newest until `limit` are
     * found or HOME_SCAN_LIMIT posts were read.
     */
    async listPublished(options: {
      limit: number;
      category?: string;
      surface?: BlogPostListQuery["surface"];
    }): Promise<BlogPostSummary[]> {
      const newest = (limit: number) =>
        db
          .select(summaryColumns)
          .from(blogPosts)
          .where(
            and(
              eq(blogPosts.published, true),
              options.category ? eq(blogPosts.category, options.category) : undefined,
            ),
          )
          .orderBy(desc(blogPosts.publishDate), desc(blogPosts.createdAt))
          .limit(limit);
      if (options.surface !== "home") return (await newest(options.limit)).map(toSummary);

      const [rows, catalogue] = await Promise.all([
        newest(HOME_SCAN_LIMIT),
        db
          .select({
            name: medications.name,
            genericName: medications.genericName,
            legalCategory: medications.legalCategory,
          })
          .from(medications),
      ]);
      const names = prescriptionOnlyNames(catalogue);
      return rows
        .filter((row) => !findNamedMedicine([row.title, row.excerpt, ...row.tags].join("\n"), names))
        .slice(0, options.limit)
        .map(toSummary);
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
