import {
  type AdminBlogPost,
  BLOG_CATEGORIES,
  BLOG_POST_LIMITS,
  type BlogPostInput,
  DEFAULT_BLOG_CATEGORY,
} from "@pharmacompare/contract";
import { fieldSentence } from "../../lib/form-refusal.ts";

/**
 * The blog editor's rules on the browser side (back-office §2 Blog editor, §5): what the form
 * sends, and the checks made before sending so staff hear about a missing field at once. The API
 * decides (it checks the same rules and more); these are a convenience.
 */

/** The editor's fields in the order they appear: focus goes to the first one at fault. */
export const BLOG_FIELDS = [
  "title",
  "slug",
  "category",
  "tags",
  "published",
  "excerpt",
  "metaDescription",
  "metaKeywords",
  "content",
] as const;
export type BlogField = (typeof BLOG_FIELDS)[number];
export type BlogFieldErrors = Partial<Record<BlogField, string>>;

/** Each field's label, as the form shows it (and as a message beside it starts). */
const BLOG_FIELD_LABELS: Record<BlogField, string> = {
  title: "Title",
  slug: "Slug",
  category: "Category",
  tags: "Tags",
  published: "Published",
  excerpt: "Excerpt",
  metaDescription: "Meta description",
  metaKeywords: "Meta keywords",
  content: "Content",
};

type BlogCategory = (typeof BLOG_CATEGORIES)[number];

function isBlogCategory(value: string): value is BlogCategory {
  return (BLOG_CATEGORIES as readonly string[]).includes(value);
}

/** What the editor holds while staff write: the post's fields and the list fields' unfinished entries. */
export interface BlogDraft {
  title: string;
  slug: string;
  category: BlogCategory;
  tags: string[];
  published: boolean;
  excerpt: string;
  metaDescription: string;
  metaKeywords: string[];
  content: string;
}

/** A new post starts empty, a draft, in General Health (back-office §5). */
export function draftOf(post: AdminBlogPost | null): BlogDraft {
  return {
    title: post?.title ?? "",
    slug: post?.slug ?? "",
    category: post?.category ?? DEFAULT_BLOG_CATEGORY,
    tags: post ? [...post.tags] : [],
    published: post?.published ?? false,
    excerpt: post?.excerpt ?? "",
    metaDescription: post?.metaDescription ?? "",
    metaKeywords: post ? [...post.metaKeywords] : [],
    content: post?.content ?? "",
  };
}

export interface ListAddition {
  /** The list with the new entries at the end. */
  items: string[];
  /** Entries left out because the list already had them (ignoring case). */
  repeated: string[];
}

/**
 * Adds what was typed to a tag or keyword list: a comma-separated entry gives several; each is
 * trimmed, blanks are dropped, and one the list already holds (ignoring case, as the API compares)
 * is left out and reported.
 */
export function addListEntries(items: readonly string[], entry: string): ListAddition {
  const next = [...items];
  const seen = new Set(items.map((item) => item.toLowerCase()));
  const repeated: string[] = [];
  for (const part of entry.split(",")) {
    const value = part.trim();
    if (value === "") continue;
    const key = value.toLowerCase();
    if (seen.has(key)) {
      repeated.push(value);
      continue;
    }
    seen.add(key);
    next.push(value);
  }
  return { items: next, repeated };
}

/** Why an entry was not added, or undefined when it was (or there was nothing to add). */
export function additionProblem(noun: "tag" | "keyword", entry: string, addition: ListAddition) {
  if (addition.repeated.length > 0) {
    const list = addition.repeated.map((value) => `“${value}”`).join(", ");
    return addition.repeated.length === 1 ? `${list} is already a ${noun}` : `${list} are already ${noun}s`;
  }
  if (entry.split(",").every((part) => part.trim() === "")) return `Type a ${noun} to add`;
  return undefined;
}

/**
 * The editor's form as a draft. A list's items come as one field each; text typed in its box but
 * never added (`tagsEntry`, `metaKeywordsEntry`) joins them, repeats left out.
 */
export function draftFromForm(form: FormData): BlogDraft {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const list = (name: string) => {
    // Items arrive whole (one may hold a comma); only the unfinished entry is split.
    const items: string[] = [];
    for (const value of form.getAll(name)) {
      const item = typeof value === "string" ? value.trim() : "";
      if (item && !items.some((kept) => kept.toLowerCase() === item.toLowerCase())) items.push(item);
    }
    return addListEntries(items, text(`${name}Entry`)).items;
  };
  const category = text("category");
  return {
    title: text("title"),
    slug: text("slug"),
    category: isBlogCategory(category) ? category : DEFAULT_BLOG_CATEGORY,
    tags: list("tags"),
    published: form.get("published") === "on",
    excerpt: text("excerpt"),
    metaDescription: text("metaDescription"),
    metaKeywords: list("metaKeywords"),
    content: text("content"),
  };
}

/** The form's fields as the API takes them: the post's values with its featured image kept. */
export function blogInput(draft: BlogDraft, featuredImage: string | null): BlogPostInput {
  return {
    title: draft.title.trim(),
    slug: draft.slug.trim(),
    category: draft.category,
    excerpt: draft.excerpt.trim(),
    metaDescription: draft.metaDescription.trim(),
    content: draft.content,
    tags: draft.tags,
    metaKeywords: draft.metaKeywords,
    featuredImage,
    published: draft.published,
  };
}

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Back-office §5's blog rules, checked before sending: title, slug, category, excerpt, meta
 * description and content required; excerpt at most 300 characters, meta description at most 160;
 * the slug in the form the Generate button makes. Messages name the field and say what to do.
 */
export function draftProblems(draft: BlogDraft): BlogFieldErrors {
  const problems: BlogFieldErrors = {};
  const required: [BlogField, string][] = [
    ["title", draft.title],
    ["slug", draft.slug],
    ["excerpt", draft.excerpt],
    ["metaDescription", draft.metaDescription],
    ["content", draft.content],
  ];
  for (const [field, value] of required) {
    if (value.trim() === "") problems[field] = `${BLOG_FIELD_LABELS[field]} is required`;
  }
  if (!problems.slug && !SLUG_PATTERN.test(draft.slug.trim())) {
    problems.slug =
      "Slug must be lowercase letters and digits in words joined by single hyphens (Generate makes one from the title)";
  }
  const limited: [BlogField, string, number][] = [
    ["title", draft.title, BLOG_POST_LIMITS.titleMax],
    ["slug", draft.slug, BLOG_POST_LIMITS.slugMax],
    ["excerpt", draft.excerpt, BLOG_POST_LIMITS.excerptMax],
    ["metaDescription", draft.metaDescription, BLOG_POST_LIMITS.metaDescriptionMax],
  ];
  for (const [field, value, max] of limited) {
    const length = value.trim().length;
    if (!problems[field] && length > max) {
      problems[field] =
        `${BLOG_FIELD_LABELS[field]} must be at most ${max} characters: it has ${length}, ${length - max} too many`;
    }
  }
  if (!isBlogCategory(draft.category)) problems.category = "Choose one of the categories";
  return problems;
}

/**
 * The API's `fields` (decision 012) beside this form's fields, as sentences: "is required" reads
 * "Title is required". A list's item path ("tags.2") belongs to the list's field.
 */
export function refusedBlogFields(fields: Readonly<Record<string, string>>): BlogFieldErrors {
  const errors: BlogFieldErrors = {};
  for (const [path, message] of Object.entries(fields)) {
    const field = BLOG_FIELDS.find((name) => path === name || path.startsWith(`${name}.`));
    if (field && !errors[field]) errors[field] = fieldSentence(BLOG_FIELD_LABELS[field], message);
  }
  return errors;
}

/** A counted field's state: its length against its limit, and the words a screen reader hears. */
export function characterCount(value: string, max: number) {
  const length = value.length;
  const over = length - max;
  return {
    length,
    over: over > 0,
    visible: `${length}/${max}`,
    spoken:
      over > 0
        ? `${over} ${over === 1 ? "character" : "characters"} too many`
        : `${length} of ${max} characters used, ${max - length} remaining`,
  };
}
