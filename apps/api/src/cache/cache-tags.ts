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

/**
 * Answers that list prices across the catalogue (the home page's latest prices, medication lists
 * with their cheapest price, search, the site's figures): every price write purges it, so such a
 * list never outlives a price it shows, while pages of one condition, medication or pharmacy are
 * purged only by the writes that touch them (decision 063).
 */
export const PRICE_LISTS_TAG = "prices";

/**
 * One tag: the whole site, the catalogue-wide price lists, or one medication, condition
 * (by its subcategory id, the id in `/conditions/<id>` and the condition page's API path),
 * pharmacy (by id) or blog post (by slug).
 */
export type CacheTag =
  | typeof SITE_TAG
  | typeof PRICE_LISTS_TAG
  | `medication:${string}`
  | `condition:${string}`
  | `pharmacy:${string}`
  | `blog:${string}`;

export const medicationTag = (id: string): CacheTag => `medication:${id}`;
/** A condition is named by its subcategory id (decision 063). */
export const conditionTag = (subcategoryId: string): CacheTag => `condition:${subcategoryId}`;
export const pharmacyTag = (id: string): CacheTag => `pharmacy:${id}`;
export const blogTag = (slug: string): CacheTag => `blog:${slug}`;

/**
 * The most tags one change names (and {@link MAX_TAG_BYTES} the most bytes): more and it names
 * fewer (normaliseTags). Keeps a NOTIFY payload inside PostgreSQL's 8,000 bytes and a purge
 * request's header inside Varnish's default header limit (8 KB).
 */
const MAX_TAGS_PER_CHANGE = 100;

/** What a change's tags may take, joined: a NOTIFY payload's 8,000 bytes less the version. */
const MAX_TAG_BYTES = 7000;

function tooMany(tags: ReadonlySet<string>): boolean {
  let bytes = 0;
  for (const tag of tags) bytes += tag.length + 1;
  return tags.size > MAX_TAGS_PER_CHANGE || bytes > MAX_TAG_BYTES;
}

const TAG = /^(site|prices|(medication|condition|pharmacy|blog):[A-Za-z0-9._~-]{1,80})$/;

/** Whether `value` is a tag of the vocabulary (ids and slugs are URL-safe, no spaces). */
export function isCacheTag(value: string): value is CacheTag {
  return TAG.test(value);
}

/**
 * One change's tags as sent and recorded: each once, sorted; just `site` when `site` is among
 * them, when there are none (a caller that names nothing touched who knows what), or when one is
 * outside the vocabulary. Too many (a feed across the catalogue) and the medications are left
 * out, since every answer tagged with a medication is tagged with its condition too and every
 * writer names both (routes/public/lookups.ts); still too many, `site`.
 */
export function normaliseTags(tags: Iterable<string>): CacheTag[] {
  let set = new Set(tags);
  if (set.size === 0 || set.has(SITE_TAG)) return [SITE_TAG];
  for (const tag of set) if (!isCacheTag(tag)) return [SITE_TAG];
  if (tooMany(set)) set = new Set([...set].filter((tag) => !tag.startsWith("medication:")));
  if (tooMany(set)) return [SITE_TAG];
  return [...set].sort() as CacheTag[];
}

/** Whether an answer carrying `answerTags` is stale after a change naming `changed`. */
export function touchedBy(answerTags: readonly string[], changed: readonly string[]): boolean {
  if (changed.includes(SITE_TAG)) return true;
  return answerTags.some((tag) => changed.includes(tag));
}
