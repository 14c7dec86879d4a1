import { z } from "zod";
import {
  ADMIN_MESSAGE_CATEGORIES,
  ADMIN_ROLES,
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  BLOG_CATEGORIES,
  CONSULTATION_FEE_BASES,
  CONTACT_STATUSES,
  CONTACT_SUBJECTS,
  DELIVERY_OPTIONS,
  INTRODUCTORY_TERMS,
  LEGAL_CATEGORY_IDS,
  MEDICATION_FORMS,
  PRICE_ALERT_KINDS,
  PRICE_ALERT_STATUSES,
  SUBSCRIPTION_SOURCES,
  SUBSCRIPTION_STATUSES,
} from "./ids.ts";

/**
 * Entities as the API sends them. Field names are the specifications' (public site §3, back-office §3):
 * `_id` where they say so, `id` where they say so, both where they say both.
 * Timestamps travel as ISO 8601 strings.
 */

const isoDateTime = z.iso.datetime({ offset: true });
/** Money in pounds sterling, two decimals. */
const pounds = z.number().nonnegative();

export const Slug = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase letters, digits and single hyphens");

export const Subcategory = z.object({
  id: Slug,
  name: z.string().min(1),
  description: z.string(),
  categoryId: Slug,
  active: z.boolean(),
});
export type Subcategory = z.infer<typeof Subcategory>;

export const Category = z.object({
  id: Slug,
  name: z.string().min(1),
  active: z.boolean(),
  subcategories: z.array(Subcategory),
});
export type Category = z.infer<typeof Category>;

export const MedicationForm = z.enum(MEDICATION_FORMS);
/** POM, P or GSL (decision 035). */
export const LegalCategory = z.enum(LEGAL_CATEGORY_IDS, { error: "must be POM, P or GSL" });

export const Medication = z.object({
  id: Slug,
  _id: Slug,
  name: z.string().min(1),
  genericName: z.string().optional(),
  category: Slug,
  subcategory: Slug,
  form: MedicationForm,
  description: z.string(),
  dosage: z.array(z.string().min(1)),
  active: z.boolean(),
  /** Prescription-only, pharmacy or general sale medicine (decision 035). */
  legalCategory: LegalCategory,
});
export type Medication = z.infer<typeof Medication>;

export const DeliveryOption = z.enum(DELIVERY_OPTIONS);
/** Per order or one-off (decision 042). */
export const ConsultationFeeBasis = z.enum(CONSULTATION_FEE_BASES, {
  error: `must be one of: ${CONSULTATION_FEE_BASES.join(", ")}`,
});
export type ConsultationFeeBasis = z.infer<typeof ConsultationFeeBasis>;

/**
 * A registered pharmacy's General Pharmaceutical Council premises number: 7 digits starting with
 * 1 (a pharmacist's own number starts with 2). Written for both JavaScript and PostgreSQL regular
 * expressions: the database CHECK uses the same text.
 */
export const GPHC_NUMBER_PATTERN = "^1[0-9]{6}$";
/**
 * A Care Quality Commission location id as on its register (`1-` then digits): for a pharmacy that
 * also provides regulated healthcare in England, such as an online prescribing service. Same text
 * for the database CHECK.
 */
export const CQC_NUMBER_PATTERN = "^1-[0-9]{8,12}$";

export const GphcNumber = z
  .string()
  .regex(new RegExp(GPHC_NUMBER_PATTERN))
  .describe("GPhC premises registration number: 7 digits starting with 1");
export const CqcNumber = z
  .string()
  .regex(new RegExp(CQC_NUMBER_PATTERN))
  .describe("CQC location id: `1-` then 8 to 12 digits");

export const Pharmacy = z.object({
  id: Slug,
  _id: Slug,
  name: z.string().min(1),
  website: z.string(),
  rating: z.number().min(0).max(5),
  deliveryOptions: z.array(DeliveryOption),
  deliveryTime: z.string(),
  prescriptionRequired: z.boolean(),
  active: z.boolean(),
  description: z.string(),
  trustpilotUrl: z.string(),
  minOrderValue: pounds,
  deliveryFee: pounds,
  freeDeliveryThreshold: pounds,
  /**
   * The pharmacy's consultation or prescribing fee, 0 for none: a mandatory charge, so every total
   * includes it (DMCC Act 2024, decision 042).
   */
  consultationFee: pounds,
  /** Charged on every order, or once on the first. */
  consultationFeeBasis: ConsultationFeeBasis,
  gphcNumber: GphcNumber,
  /** Null for a pharmacy not registered with the CQC (most are not: the GPhC regulates pharmacies). */
  cqcNumber: CqcNumber.nullable(),
  /**
   * It pays a commission: our links to it carry its referral parameters and `rel="sponsored"`
   * (decision 044). The API always sends it; the web's saved file does not carry it.
   */
  sponsored: z.boolean().optional(),
  /**
   * It has a consultation address: a visit for a prescription-only medicine starts there, and the
   * link says "Start a consultation" (decision 058). The address itself stays in the back-office.
   * The API always sends it; the web's saved file does not carry it (its links go to the product).
   */
  startsAtConsultation: z.boolean().optional(),
});
export type Pharmacy = z.infer<typeof Pharmacy>;

/** The pharmacy as nested in a price record: enough to draw a price-table row. */
export const PricePharmacy = Pharmacy.pick({
  id: true,
  name: true,
  website: true,
  rating: true,
  deliveryTime: true,
  prescriptionRequired: true,
  sponsored: true,
  startsAtConsultation: true,
}).extend({
  /**
   * Shown in each price row with a link to the GPhC register. The API always sends it; prices read
   * from the web's saved file leave it out (the file does not carry it).
   */
  gphcNumber: GphcNumber.optional(),
  /**
   * Delivery terms, for each row's delivery and total (the comparison's `deliveryCost`). The API
   * always sends them; the web's saved file does not carry them, and its rows show no total.
   */
  deliveryFee: pounds.optional(),
  freeDeliveryThreshold: pounds.optional(),
  minOrderValue: pounds.optional(),
  /** Its consultation fee and how it is charged, for the same totals (decision 042). */
  consultationFee: pounds.optional(),
  consultationFeeBasis: ConsultationFeeBasis.optional(),
});
export type PricePharmacy = z.infer<typeof PricePharmacy>;

export const Price = z.object({
  _id: z.string(),
  medicationId: Slug,
  pharmacyId: Slug,
  pharmacy: PricePharmacy,
  dosage: z.string().min(1),
  /** The ongoing price: what a repeat order costs, and what alerts, drops and history watch. */
  price: z.number().positive(),
  /**
   * A lower price for the first order, or the first month's supply, and which (decision 057); both
   * null, or both set with the price below `price`. The API always sends them; the web's saved
   * file leaves them out (no introductory price, then).
   */
  introductoryPrice: z.number().positive().nullable().optional(),
  introductoryTerms: z.enum(INTRODUCTORY_TERMS).nullable().optional(),
  quantity: z.number().int().positive(),
  inStock: z.boolean(),
  link: z.string().nullable(),
  lastUpdated: isoDateTime,
  /**
   * When a feed, a sheet or staff last said this price, even unchanged (decision 045), and whether
   * that is longer ago than the stale limit (decision 048). The web's saved file carries neither.
   */
  lastConfirmed: isoDateTime.optional(),
  mayBeOutOfDate: z.boolean().optional(),
});
export type Price = z.infer<typeof Price>;

export const PriceHistoryPoint = z.object({
  medicationId: Slug,
  pharmacyId: Slug,
  dosage: z.string(),
  price: z.number().positive(),
  inStock: z.boolean(),
  recordedAt: isoDateTime,
});
export type PriceHistoryPoint = z.infer<typeof PriceHistoryPoint>;

export const AdminUser = z.object({
  name: z.string(),
  email: z.email(),
  role: z.enum(ADMIN_ROLES),
  /**
   * True while a generated password is still in use: the account may then only change it (issue
   * 12). Optional so a user stored before this field existed still reads as a user.
   */
  mustChangePassword: z.boolean().optional(),
  /**
   * True while the installation requires a second factor (REQUIRE_SECOND_FACTOR) and this account
   * has none: it may then only set one up, see its profile and sessions, change its password or
   * sign out (decision 030). Optional for the same reason as mustChangePassword.
   */
  mustEnrolSecondFactor: z.boolean().optional(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminMessageCategory = z.enum(ADMIN_MESSAGE_CATEGORIES);

export const AdminMessage = z.object({
  _id: z.string(),
  medicationId: Slug,
  medicationName: z.string(),
  pharmacyId: Slug.nullable(),
  pharmacyName: z.string().nullable(),
  category: AdminMessageCategory,
  title: z.string().min(1),
  message: z.string().min(1),
  startDate: isoDateTime,
  endDate: isoDateTime.nullable(),
  priority: z.number().int().min(0).max(10),
  active: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: isoDateTime,
});
export type AdminMessage = z.infer<typeof AdminMessage>;

export const ContactSubject = z.enum(CONTACT_SUBJECTS);
export const ContactStatus = z.enum(CONTACT_STATUSES);

export const Contact = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.email(),
  subject: ContactSubject,
  message: z.string(),
  status: ContactStatus,
  notes: z.string().nullable(),
  createdAt: isoDateTime,
});
export type Contact = z.infer<typeof Contact>;

/** A contact message as the back-office lists it (back-office §3): every stored field staff read. */
export const AdminContact = Contact;
export type AdminContact = Contact;

export const PriceAlertStatus = z.enum(PRICE_ALERT_STATUSES);
export const PriceAlertKind = z.enum(PRICE_ALERT_KINDS);
export type PriceAlertKind = z.infer<typeof PriceAlertKind>;

export const PriceAlert = z.object({
  _id: z.string(),
  email: z.email(),
  medicationId: Slug,
  medicationName: z.string(),
  dosage: z.string(),
  /** What the alert watches (decision 043); "target" is the specification's alert. */
  kind: PriceAlertKind,
  /** The target of a "target" alert; null for the other kinds, which have none. */
  targetPrice: z.number().positive().nullable(),
  currentPrice: z.number().positive(),
  status: PriceAlertStatus,
  createdAt: isoDateTime,
  expiresAt: isoDateTime,
  triggeredAt: isoDateTime.nullable(),
  lowestPharmacy: z.object({ name: z.string(), price: z.number().positive() }).nullable(),
});
export type PriceAlert = z.infer<typeof PriceAlert>;

/**
 * A price alert as the back-office sees it (back-office §3). `currentPrice` and `lowestPharmacy`
 * are the live lowest in-stock price visitors can see for the medication and dosage (null when
 * nothing is in stock), not the figures stored when the alert was set or fired. `confirmed`: the
 * visitor confirmed the address from the email (double opt-in, decision 013); only a confirmed
 * alert ever fires.
 */
export const AdminPriceAlert = PriceAlert.extend({
  currentPrice: pounds.nullable(),
  confirmed: z.boolean(),
  confirmedAt: isoDateTime.nullable(),
  /** Set when its visitor paused it from the manage page (decision 043): it fires nothing until resumed. */
  pausedAt: isoDateTime.nullable(),
});
export type AdminPriceAlert = z.infer<typeof AdminPriceAlert>;

export const SubscriptionPreferences = z.object({
  priceDrops: z.boolean(),
  newMedications: z.boolean(),
  promotions: z.boolean(),
  weeklyDigest: z.boolean(),
});
export type SubscriptionPreferences = z.infer<typeof SubscriptionPreferences>;

export const Subscription = z.object({
  _id: z.string(),
  email: z.email(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  source: z.enum(SUBSCRIPTION_SOURCES),
  subscribedTo: z.array(z.object({ type: z.string(), value: z.string().nullable() })),
  preferences: SubscriptionPreferences,
  subscribedAt: isoDateTime,
  unsubscribedAt: isoDateTime.nullable(),
  emailsSentCount: z.number().int().nonnegative(),
  lastEmailSent: isoDateTime.nullable(),
});
export type Subscription = z.infer<typeof Subscription>;

/**
 * A subscription as the back-office sees it (back-office §3). `emailsSentCount` and
 * `lastEmailSent` are kept by the outbox worker on each delivery linked to the subscription.
 * `confirmed`: the address was confirmed from its email (double opt-in, decision 013); an active
 * but unconfirmed subscription has not consented yet, and nothing but the confirmation goes to it.
 */
export const AdminSubscription = Subscription.extend({ confirmed: z.boolean() });
export type AdminSubscription = z.infer<typeof AdminSubscription>;

export const BlogCategory = z.enum(BLOG_CATEGORIES);

export const BlogPost = z.object({
  _id: z.string(),
  id: z.string(),
  slug: Slug,
  title: z.string().min(1),
  excerpt: z.string().max(300),
  content: z.string(),
  author: z.string(),
  publishDate: isoDateTime,
  lastUpdated: isoDateTime,
  category: BlogCategory,
  tags: z.array(z.string().min(1)),
  featuredImage: z.string().nullable(),
  metaDescription: z.string().max(160),
  metaKeywords: z.array(z.string().min(1)),
  readTime: z.number().int().positive(),
  published: z.boolean(),
});
export type BlogPost = z.infer<typeof BlogPost>;

/**
 * A blog post as the back-office sees it: drafts too, so `publishDate` is null until the post is
 * first published (and kept when it is unpublished and published again).
 */
export const AdminBlogPost = BlogPost.extend({ publishDate: isoDateTime.nullable() });
export type AdminBlogPost = z.infer<typeof AdminBlogPost>;

export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;
export const AuditEntityType = z.enum(AUDIT_ENTITY_TYPES);
export type AuditEntityType = z.infer<typeof AuditEntityType>;

export const AuditEntry = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: AuditAction,
  entityType: AuditEntityType,
  entityId: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()).nullable(),
  ipAddress: z.string().nullable(),
  createdAt: isoDateTime,
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/**
 * An admin message as visitors see it: what to show and where, without the back-office fields
 * (who wrote it, whether it is switched on, when it was created).
 */
export const PublicAdminMessage = AdminMessage.pick({
  _id: true,
  medicationId: true,
  medicationName: true,
  pharmacyId: true,
  pharmacyName: true,
  category: true,
  title: true,
  message: true,
  startDate: true,
  endDate: true,
  priority: true,
}).describe(
  "A message showing now on a medication's page: a page banner, or a note in one pharmacy's price row " +
    "when `pharmacyId` is set.",
);
export type PublicAdminMessage = z.infer<typeof PublicAdminMessage>;
