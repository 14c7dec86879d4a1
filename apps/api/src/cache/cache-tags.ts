/*
 * The tags a public answer is built from (issue 46, decision 063): a shared cache in front
 * (Varnish's xkey, docs/operations.md) stores each answer under its tags, and a write purges the
 * tags it touched, in that cache and in our own. Written first so the parts built beside it
 * (tags on answers, the purger, reads from a replica) share one vocabulary.
 */

/** The response header that carries an answer's tags, space-separated (Varnish's xkey vmod). */
export const CACHE_TAG_HEADER = "xkey";

/** Everything public: the tag a write purges when it cannot say more precisely what it touched. */
export const SITE_TAG = "site";

/** One tag: the whole site, or one medication, condition, pharmacy or blog post. */
export type CacheTag =
  | typeof SITE_TAG
  | `medication:${number}`
  | `condition:${string}`
  | `pharmacy:${number}`
  | `blog:${string}`;
