/** Identifiers the specifications name; the demo catalogue and the web use exactly these. */
export const CATEGORY_IDS = [
  "mens-health",
  "womens-health",
  "weight-loss",
  "skin-treatment",
  "general-health",
] as const;

export const SUBCATEGORY_IDS = [
  "erectile-dysfunction",
  "premature-ejaculation",
  "hair-loss",
  "oral-contraceptives",
  "other-contraceptives",
  "morning-after-pill",
  "period-delay",
  "cystitis",
  "weight-loss-medications",
  "acne",
  "eczema-dermatitis",
  "psoriasis",
  "rosacea",
  "impetigo",
] as const;

/** Medication forms offered by the back-office form (back-office §3), plus "other". */
export const MEDICATION_FORMS = [
  "Tablets",
  "Capsules",
  "Injection",
  "Gel",
  "Cream",
  "Ointment",
  "Solution",
  "Liquid",
  "Patches",
  "Nasal Spray",
  "Foam",
  "Lotion",
  "Shampoo",
  "Orodispersible Tablets",
  "Oral Lyophilisate Tablets",
  "Rings",
  "Bundle",
  "other",
] as const;

/**
 * A medicine's legal category in the UK (Human Medicines Regulations 2012, reg. 5; decision 035):
 * prescription-only, pharmacy, or general sale. Unknown reads as "POM", the safe reading.
 */
export const LEGAL_CATEGORY_IDS = ["POM", "P", "GSL"] as const;
export type LegalCategoryId = (typeof LEGAL_CATEGORY_IDS)[number];
/** What a medication whose category nobody has given is taken to be (decision 035). */
export const UNKNOWN_LEGAL_CATEGORY = "POM" satisfies LegalCategoryId;
/** Each category's name for people: the back-office's choices and the price sheets' help. */
export const LEGAL_CATEGORY_NAMES: Readonly<Record<LegalCategoryId, string>> = {
  POM: "Prescription-only medicine (POM)",
  P: "Pharmacy medicine (P)",
  GSL: "General sale (GSL)",
};
/** What the condition page and each comparison row say of a prescription-only medicine (issue 32). */
export const PRESCRIPTION_ONLY_NOTICE =
  "Prescription-only medicine: a prescriber at the pharmacy decides whether it is suitable";

/** A written category ("pom", " P ", "gsl") as its id, whatever its case; undefined for anything else. */
export function readLegalCategory(value: unknown): LegalCategoryId | undefined {
  if (typeof value !== "string") return undefined;
  const wanted = value.trim().toUpperCase();
  return LEGAL_CATEGORY_IDS.find((id) => id === wanted);
}

export const DELIVERY_OPTIONS = ["standard", "express", "next-day", "click-collect"] as const;
/**
 * How a pharmacy charges its consultation or prescribing fee (issue 30, decision 042): on every
 * order, or once, on a visitor's first order with it.
 */
export const CONSULTATION_FEE_BASES = ["per-order", "one-off"] as const;
/**
 * Whether a medication is available on an NHS prescription for its condition (issue 44, decision
 * 056): yes, only under criteria (said in a short factual sentence), or no. Null where staff have
 * not recorded it: the condition page then shows no NHS route.
 */
export const NHS_AVAILABILITIES = ["yes", "criteria", "no"] as const;
/**
 * The NHS charges staff keep with the date each takes effect (issue 44, decision 056): England's
 * prescription item charge, the 3- and 12-month prescription prepayment certificates and the HRT
 * certificate. Scotland, Wales and Northern Ireland charge nothing (a fact, not a setting).
 */
export const NHS_CHARGE_KINDS = ["item", "ppc-3-months", "ppc-12-months", "hrt-ppc"] as const;
/**
 * The condition an introductory price carries (issue 44, decision 057): the first order only, or
 * the first month's supply. The row's `price` stays the ongoing price alerts and drops watch.
 */
export const INTRODUCTORY_TERMS = ["first-order", "first-month"] as const;
/**
 * What a dated event on a medication's price history is (issue 45, decision 059): a manufacturer's
 * list-price change, a supply disruption, a new strength, or something else staff name.
 */
export const MEDICATION_EVENT_KINDS = [
  "list-price-change",
  "supply-disruption",
  "new-strength",
  "other",
] as const;
export const ADMIN_MESSAGE_CATEGORIES = ["warning", "promo", "information", "other"] as const;
export const CONTACT_SUBJECTS = ["general", "technical", "pharmacy", "pricing", "feedback", "other"] as const;
export const CONTACT_STATUSES = ["new", "read", "replied", "resolved"] as const;
export const PRICE_ALERT_STATUSES = ["active", "triggered", "cancelled", "expired"] as const;
/**
 * What a price alert watches (issue 30, decision 043): the specification's target price, any fall
 * of the lowest in-stock price, a new lowest in 90 days, or a pharmacy back in stock.
 */
export const PRICE_ALERT_KINDS = ["target", "any-fall", "low-90-days", "back-in-stock"] as const;
export const SUBSCRIPTION_STATUSES = ["active", "unsubscribed", "bounced"] as const;
export const SUBSCRIPTION_SOURCES = ["popup", "footer", "checkout", "manual"] as const;
export const BLOG_CATEGORIES = [
  "Weight Loss",
  "Men's Health",
  "Women's Health",
  "Hair Loss",
  "Money Saving",
  "General Health",
] as const;
export const ADMIN_ROLES = ["admin"] as const;
/** An email's life in the outbox; "cancelled": its alert or subscription was unsubscribed before it went. */
export const OUTBOX_STATUSES = ["pending", "sent", "failed", "cancelled"] as const;
/**
 * A staff newsletter's life (issue 28, decision 041): written as a draft, scheduled (or sent now,
 * which schedules it for now), queued to its audience while `sending`, `sent` once everyone in it
 * is queued; cancelled before or while sending.
 */
/** Failed: its sending run failed its last try (issue 41); the operations address was told. */
export const NEWSLETTER_STATUSES = ["draft", "scheduled", "sending", "sent", "cancelled", "failed"] as const;
/**
 * The kinds of price news a subscriber chooses (the subscription's interests): an email of one kind
 * carries an unsubscribe link that can stop just that kind (decision 041).
 */
export const NEWS_KINDS = ["priceDrops", "newMedications", "promotions", "weeklyDigest"] as const;
export type NewsKind = (typeof NEWS_KINDS)[number];
/** What the secret in an email link does; "manage": the page listing an address's alerts (decision 043). */
export const EMAIL_LINK_PURPOSES = ["confirm", "unsubscribe", "manage"] as const;
/**
 * A consent event (decision 031): a visitor's request for an alert or subscription on given
 * terms, or the address confirming one from its inbox. Appended, never changed.
 */
export const CONSENT_EVENT_KINDS = ["request", "confirmation"] as const;

/**
 * What an audit entry records: the actions and the kinds of thing acted on. The API writes only
 * these and the audit screen offers exactly these as filters.
 */
export const AUDIT_ACTIONS = [
  "login",
  "login_failed",
  "logout",
  "password_change",
  "password_change_failed",
  "password_reset",
  "second_factor_enabled",
  "second_factor_disabled",
  "second_factor_failed",
  "second_factor_reset",
  "recovery_codes_regenerated",
  "session_ended",
  "create",
  "update",
  "delete",
  "status_change",
  "publish",
  "unpublish",
  "import",
  "export",
  /** Staff confirmed a word close to a prescription-only medicine's name (decision 040). */
  "close_match_confirmed",
] as const;

export const AUDIT_ENTITY_TYPES = [
  "admin_session",
  "admin_user",
  "medication",
  "pharmacy",
  "price",
  "category",
  "subcategory",
  "blog_post",
  "admin_message",
  "contact",
  "price_alert",
  "subscription",
  /** A scheduled job run now by staff (decision 038). */
  "job_run",
  /** A staff newsletter: written, scheduled, sent now or cancelled (decision 041). */
  "newsletter",
  /** An NHS charge with the day it takes effect (issue 44, decision 056). */
  "nhs_charge",
  /** A dated event on a medication's price history (issue 45, decision 059). */
  "medication_event",
  /** A supply notice on a medication or dosage (issue 45, decision 060). */
  "supply_notice",
  /** A key of the open API, issued or revoked (issue 45, decision 062). */
  "api_key",
] as const;
