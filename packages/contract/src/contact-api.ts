import { z } from "zod";
import { CONTACT_HONEYPOT_FIELD, CONTACT_LIMITS } from "./contact-wording.ts";
import { CONTACT_SUBJECTS } from "./ids.ts";
import { text } from "./text.ts";

/**
 * The contact form's one write (public site §3, §5, §7): `POST /api/contact`. The specification
 * leaves length limits open; ours are recorded in docs/decisions/010-contact-and-legal-pages.md.
 */
const requiredText = (issue: { input: unknown }) =>
  issue.input === undefined ? "is required" : "must be text";

export const ContactRequest = z.object({
  name: text({ error: requiredText })
    .trim()
    .min(1, { error: "is required" })
    .max(CONTACT_LIMITS.nameMax, { error: `must be at most ${CONTACT_LIMITS.nameMax} characters` }),
  email: text({ error: requiredText })
    .trim()
    .min(1, { error: "is required" })
    .max(CONTACT_LIMITS.emailMax, { error: `must be at most ${CONTACT_LIMITS.emailMax} characters` })
    .regex(z.regexes.email, { error: "must be a valid email address" }),
  subject: z.enum(CONTACT_SUBJECTS, { error: `must be one of ${CONTACT_SUBJECTS.join(", ")}` }),
  message: text({ error: requiredText })
    .trim()
    .min(CONTACT_LIMITS.messageMin, { error: `must be at least ${CONTACT_LIMITS.messageMin} characters` })
    .max(CONTACT_LIMITS.messageMax, { error: `must be at most ${CONTACT_LIMITS.messageMax} characters` }),
  [CONTACT_HONEYPOT_FIELD]: text().max(1000).optional(),
});
export type ContactRequest = z.input<typeof ContactRequest>;

export const ContactResponse = z.object({ ok: z.literal(true), message: z.string() });
export type ContactResponse = z.infer<typeof ContactResponse>;
