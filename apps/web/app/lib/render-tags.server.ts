import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The cache tags of the API answers a page's render used (decision 063): the page cache stores the
 * page under them, sends them as its `xkey` header, and drops it only when a change names one.
 * The render is followed through AsyncLocalStorage, kept on `globalThis` because the web server
 * (which starts a render) and the app's server bundle (whose loaders call the API) are separate
 * module graphs in one process (as api-health.ts).
 */
const SLOT = Symbol.for("pharmacompare.web.renderTags");
const shared = globalThis as typeof globalThis & { [SLOT]?: AsyncLocalStorage<Set<string>> };
shared[SLOT] ??= new AsyncLocalStorage<Set<string>>();
const storage = shared[SLOT];

/** The response header the API names its answers' tags in (the API's cache/cache-tags.ts). */
const TAG_HEADER = "xkey";
/** What an answer without tags counts as: the whole site, so nothing it shows is missed. */
const SITE_TAG = "site";

/**
 * Follows the rest of this render (called synchronously at its start, before the loaders run)
 * into `tags`, which collects the tags of every API answer it uses.
 */
export function followRender(tags: Set<string>): void {
  storage.enterWith(tags);
}

/** The API client's `onAnswered`: the answer's tags join the render's, if a render is followed. */
export function noteAnswerTags(headers: Headers): void {
  const tags = storage.getStore();
  if (!tags) return;
  const named = headers.get(TAG_HEADER)?.split(" ").filter(Boolean) ?? [];
  if (named.length === 0) tags.add(SITE_TAG);
  for (const tag of named) tags.add(tag);
}
