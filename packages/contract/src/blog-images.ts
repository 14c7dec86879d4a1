/**
 * The image an article shows when it has none of its own. Kept apart from the blog's schemas
 * because the public blog pages' first JavaScript compares against it (decision 025).
 */
export const DEFAULT_FEATURED_IMAGE = "/images/blog-placeholder.jpg";
