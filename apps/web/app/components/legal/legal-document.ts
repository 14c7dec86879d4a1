import type { ProseBlock, ProseSection, RichText } from "../ui/prose.ts";

/** One legal page's copy: rendered by LegalPage with numbered sections and a contents list. */
export interface LegalDocument {
  /** The page heading, also the start of the `<title>`. */
  title: string;
  /** The meta description. */
  description: string;
  intro: readonly RichText[];
  /** Notices shown before the numbered sections (the disclaimer's warning boxes). */
  lead?: readonly ProseBlock[];
  sections: readonly ProseSection[];
}
