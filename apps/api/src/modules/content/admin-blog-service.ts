import {
  type AdminBlogListQuery,
  type AdminBlogPost,
  type AdminBlogPostList,
  type BlogPostInput,
  readTimeOf,
} from "@pharmacompare/contract";
import { and, asc, count, desc, eq, ne } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { blogPosts } from "../../db/schema.ts";
import { containsAny, readPage } from "../../domain/list-paging.ts";
import { refuse } from "../../domain/refusal.ts";
import type { ActorContext, Audit, AuditService } from "../audit/index.ts";

type BlogRow = typeof blogPosts.$inferSelect;
/** The editor's fields after the contract's parsing (trimmed, defaults applied). */
type PostFields = z.output<typeof BlogPostInput>;

const notFoundPost = (id: string) => refuse(404, `Blog post "${id}" not found`);

function toAdminPost(row: BlogRow): AdminBlogPost {
  return {
    _id: row.id,
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    author: row.author,
    publishDate: row.publishDate?.toISOString() ?? null,
    lastUpdated: row.lastUpdated.toISOString(),
    category: row.category as AdminBlogPost["category"],
    tags: row.tags,
    featuredImage: row.featuredImage,
    metaDescription: row.metaDescription,
    metaKeywords: row.metaKeywords,
    readTime: row.readTime,
    published: row.published,
  };
}

/** The row's values from the editor's fields; the server works out the read time. */
function values(fields: PostFields) {
  return {
    title: fields.title,
    slug: fields.slug,
    category: fields.category,
    excerpt: fields.excerpt,
    metaDescription: fields.metaDescription,
    content: fields.content,
    tags: fields.tags,
    metaKeywords: fields.metaKeywords,
    featuredImage: fields.featuredImage,
    published: fields.published,
    readTime: readTimeOf(fields.content),
  };
}

/** `{ field: { from, to } }` for each field a change altered; the body only as "changed" (it can be long). */
function changedFields(before: AdminBlogPost, after: AdminBlogPost): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof AdminBlogPost)[]) {
    if (key === "lastUpdated") continue;
    const from = before[key];
    const to = after[key];
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    changes[key] = key === "content" ? "changed" : { from, to };
  }
  return changes;
}

/**
 * The back-office's blog (back-office §2, §5): every post, drafts too. Each write is audited in
 * its own transaction. `publishDate` is set when a post is first published and kept after;
 * `lastUpdated` moves on every change.
 */
export function createAdminBlogService(db: Database, options: { audit: AuditService }) {
  async function load(tx: Database, id: string, lock = false): Promise<BlogRow> {
    const query = tx.select().from(blogPosts).where(eq(blogPosts.id, id));
    const [row] = lock ? await query.for("update") : await query;
    if (!row) throw notFoundPost(id);
    return row;
  }

  /** A slug names one post (the unique index is the backstop when two editors race). */
  async function checkSlugFree(tx: Database, slug: string, exceptId?: string): Promise<void> {
    const [taken] = await tx
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(exceptId ? and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)) : eq(blogPosts.slug, slug));
    if (taken) {
      throw refuse(409, `A blog post with the slug "${slug}" already exists`, {
        code: "conflict",
        fields: { slug: "is already taken by another post" },
      });
    }
  }

  /** A publish or unpublish entry beside the write that changed the state. */
  async function auditPublication(audit: Audit, before: BlogRow | null, after: BlogRow): Promise<void> {
    if ((before?.published ?? false) === after.published) return;
    await audit({
      action: after.published ? "publish" : "unpublish",
      entityType: "blog_post",
      entityId: after.id,
      changes: {
        published: { from: before?.published ?? false, to: after.published },
        publishDate: after.publishDate?.toISOString() ?? null,
      },
    });
  }

  return {
    /** A page of posts, drafts too, most recently changed first; searched by title or slug, filtered by category. */
    async list(query: z.output<typeof AdminBlogListQuery>): Promise<AdminBlogPostList> {
      const where = and(
        containsAny(query.search, [blogPosts.title, blogPosts.slug]),
        query.category ? eq(blogPosts.category, query.category) : undefined,
      );
      const { rows, info } = await readPage(
        query,
        db.select({ total: count() }).from(blogPosts).where(where),
        (limit, offset) =>
          db
            .select()
            .from(blogPosts)
            .where(where)
            .orderBy(desc(blogPosts.lastUpdated), desc(blogPosts.createdAt), asc(blogPosts.id))
            .limit(limit)
            .offset(offset),
      );
      return { posts: rows.map(toAdminPost), ...info };
    },

    async get(id: string): Promise<AdminBlogPost> {
      return toAdminPost(await load(db, id));
    },

    /** A new post by `author` (the signed-in admin's name); dated now if published at once. */
    create(context: ActorContext, author: string, fields: PostFields): Promise<AdminBlogPost> {
      return options.audit.write(context, async (tx, audit, at) => {
        await checkSlugFree(tx, fields.slug);
        const [row] = await tx
          .insert(blogPosts)
          .values({
            ...values(fields),
            author,
            publishDate: fields.published ? at : null,
            lastUpdated: at,
            createdAt: at,
          })
          .returning();
        if (!row) throw new Error("insert returned no row");
        const created = toAdminPost(row);
        const { content: _content, ...summary } = created;
        await audit({ action: "create", entityType: "blog_post", entityId: row.id, changes: summary });
        await auditPublication(audit, null, row);
        return created;
      });
    },

    /** Replaces the editor's fields; the author stays the post's writer. */
    update(context: ActorContext, id: string, fields: PostFields): Promise<AdminBlogPost> {
      return options.audit.write(context, async (tx, audit, at) => {
        const before = await load(tx, id, true);
        await checkSlugFree(tx, fields.slug, id);
        const [row] = await tx
          .update(blogPosts)
          .set({
            ...values(fields),
            publishDate: before.publishDate ?? (fields.published ? at : null),
            lastUpdated: at,
          })
          .where(eq(blogPosts.id, id))
          .returning();
        if (!row) throw notFoundPost(id);
        const after = toAdminPost(row);
        await audit({
          action: "update",
          entityType: "blog_post",
          entityId: id,
          changes: changedFields(toAdminPost(before), after),
        });
        await auditPublication(audit, before, row);
        return after;
      });
    },

    /**
     * Publishes or unpublishes (back-office §4): `published` sets the state, undefined toggles it.
     * Asking for the state the post is already in changes nothing.
     */
    setPublished(context: ActorContext, id: string, published: boolean | undefined): Promise<AdminBlogPost> {
      return options.audit.write(context, async (tx, audit, at) => {
        const before = await load(tx, id, true);
        const target = published ?? !before.published;
        if (target === before.published) return toAdminPost(before);
        const [row] = await tx
          .update(blogPosts)
          .set({
            published: target,
            publishDate: before.publishDate ?? (target ? at : null),
            lastUpdated: at,
          })
          .where(eq(blogPosts.id, id))
          .returning();
        if (!row) throw notFoundPost(id);
        await auditPublication(audit, before, row);
        return toAdminPost(row);
      });
    },

    remove(context: ActorContext, id: string): Promise<void> {
      return options.audit.write(context, async (tx, audit) => {
        const before = await load(tx, id, true);
        await tx.delete(blogPosts).where(eq(blogPosts.id, id));
        await audit({
          action: "delete",
          entityType: "blog_post",
          entityId: id,
          changes: { title: before.title, slug: before.slug, published: before.published },
        });
      });
    },
  };
}
