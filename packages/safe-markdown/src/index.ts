export { safeImageUrl } from "./image-url.ts";
export { type PresentationComponents, type SafeMarkdownOptions, safeMarkdown } from "./markdown.ts";
export { isExternalUrl, safeMarkdownUrl } from "./urls.ts";
