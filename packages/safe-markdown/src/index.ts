export { type PresentationComponents, type SafeMarkdownOptions, safeMarkdown } from "./markdown.ts";
export { isExternalUrl, safeImageUrl, safeMarkdownUrl } from "./urls.ts";
