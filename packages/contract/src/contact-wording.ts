import type { CONTACT_SUBJECTS } from "./ids.ts";

/*
 * The contact form's limits and wording, without its schema: the browser's first JavaScript shows
 * these, and loads the schemas only when a form is sent (decision 025).
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
