import { z } from "zod";
import { CONTACT_SUBJECTS } from "./ids.ts";
import { text } from "./text.ts";

/**
 * The contact form's one write (public site §3, §5, §7): `POST /api/contact`. The specification
 * leaves length limits open; ours are recorded in docs/decisions/010-contact-and-legal-pages.md.
 */
/** The address every page gives for writing to us directly. */
export const SUPPORT_EMAIL = "support@pharmacompare.co.uk";

export const CONTACT_LIMITS = {
  nameMax: 100,
  /** The longest address SMTP can deliver to (RFC 5321). */
  emailMax: 254,
  messageMin: 10,
  messageMax: 5000,
} as const;

/**
 * A field people never see (hidden off-screen, skipped by the keyboard): only form-filling bots
 * put a value in it, and such a submission is answered as a success but not stored.
 */
export const CONTACT_HONEYPOT_FIELD = "website";

export const contactMessages = {
  success: "Thank you for your message! We'll get back to you soon.",
  tooMany: "Too many messages from your connection. Please try again later.",
  failure: `Sorry, there was an error sending your message. Please try again or email us directly at ${SUPPORT_EMAIL}`,
  responseTime: "We aim to reply within 24-48 hours on business days.",
} as const;

export type ContactSubjectValue = (typeof CONTACT_SUBJECTS)[number];

/** What the subject picker shows for each stored value (public site §3). */
export const contactSubjectLabels: Record<ContactSubjectValue, string> = {
  general: "General Inquiry",
  technical: "Technical Issue",
  pharmacy: "Pharmacy Information",
  pricing: "Pricing Question",
  feedback: "Feedback",
  other: "Other",
};

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
