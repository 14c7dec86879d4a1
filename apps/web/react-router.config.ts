import type { Config } from "@react-router/dev/config";

export default {
  // Public pages are server-rendered so crawlers and social previews get real HTML.
  ssr: true,
} satisfies Config;
