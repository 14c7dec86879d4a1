import {
  ADMIN_MESSAGE_CATEGORIES,
  ADMIN_ROLES,
  BLOG_CATEGORIES,
  CLICK_OUT_SOURCES,
  CONSENT_EVENT_KINDS,
  CONSULTATION_FEE_BASES,
  CONTACT_STATUSES,
  CONTACT_SUBJECTS,
  type CourseStep,
  CQC_NUMBER_PATTERN,
  DELIVERY_OPTIONS,
  EMAIL_LINK_PURPOSES,
  FEED_FORMATS,
  FEED_HELD_STATUSES,
  GPHC_NUMBER_PATTERN,
  INTRODUCTORY_TERMS,
  LEGAL_CATEGORY_IDS,
  MEDICATION_EVENT_KINDS,
  MEDICATION_FORMS,
  NEWS_KINDS,
  NEWSLETTER_STATUSES,
  NHS_AVAILABILITIES,
  NHS_CHARGE_KINDS,
  OUTBOX_STATUSES,
  PRICE_ALERT_KINDS,
  PRICE_ALERT_STATUSES,
  PRICE_SOURCES,
  SUBSCRIPTION_SOURCES,
  SUBSCRIPTION_STATUSES,
  UNKNOWN_LEGAL_CATEGORY,
} from "@pharmacompare/contract";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * One schema for PGlite and PostgreSQL. Column names are snake_case in SQL; the API maps rows
 * to the specifications' field names in the services. Status-like columns carry CHECK
 * constraints listing their values so bad data cannot get in by any route; every such list is
 * the contract's (db/schema.test.ts checks the migrations still say the same).
 */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => numeric(name, { precision: 10, scale: 2, mode: "number" });
const quoted = (values: readonly string[]) => values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ");
const inList = (column: string, values: readonly string[]) => sql.raw(`${column} in (${quoted(values)})`);
/** Catalogue ids are the contract's Slug: readable, URL-safe, at most 120 characters. */
const slugId = (table: string, column: AnyPgColumn) =>
  check(`${table}_id_slug`, sql`${column} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(${column}) <= 120`);
/** A name or title a page shows: not empty, not only spaces. */
const nonBlank = (name: string, column: AnyPgColumn) => check(name, sql`char_length(trim(${column})) > 0`);

export const categories = pgTable(
  "categories",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [slugId("categories", t.id), nonBlank("categories_name_not_blank", t.name)],
);

export const subcategories = pgTable(
  "subcategories",
  {
    id: text("id").primaryKey(),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    slugId("subcategories", t.id),
    nonBlank("subcategories_name_not_blank", t.name),
    index("subcategories_category_idx").on(t.categoryId, t.sortOrder),
    // Target of the medications' composite key below.
    unique("subcategories_id_category_unique").on(t.id, t.categoryId),
  ],
);

export const medications = pgTable(
  "medications",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    genericName: text("generic_name"),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    subcategoryId: text("subcategory_id").notNull(),
    form: text("form").notNull(),
    description: text("description").notNull().default(""),
    /** Strength/quantity strings in the order a visitor sees them. */
    dosages: text("dosages").array().notNull().default(sql`'{}'::text[]`),
    active: boolean("active").notNull().default(true),
    /** POM, P or GSL; a row nobody has classified is prescription-only, the safe reading (decision 035). */
    legalCategory: text("legal_category").notNull().default(UNKNOWN_LEGAL_CATEGORY),
    /**
     * The NHS route for its condition (issue 44, decision 056): available on an NHS prescription
     * (`yes`, `criteria` or `no`; null = not recorded, nothing shown), a short factual sentence, the
     * NHS page that says so, whether the item charge applies (contraception: free) and the day
     * staff last checked it against that page.
     */
    nhsAvailability: text("nhs_availability"),
    nhsNote: text("nhs_note").notNull().default(""),
    nhsUrl: text("nhs_url").notNull().default(""),
    nhsItemCharge: boolean("nhs_item_charge").notNull().default(true),
    nhsCheckedOn: date("nhs_checked_on", { mode: "string" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A medication's category is always its subcategory's parent.
    foreignKey({
      name: "medications_subcategory_in_category_fk",
      columns: [t.subcategoryId, t.categoryId],
      foreignColumns: [subcategories.id, subcategories.categoryId],
    }).onDelete("restrict"),
    slugId("medications", t.id),
    nonBlank("medications_name_not_blank", t.name),
    check("medications_form_valid", inList("form", MEDICATION_FORMS)),
    check("medications_legal_category_valid", inList("legal_category", LEGAL_CATEGORY_IDS)),
    check("medications_nhs_availability_valid", inList("nhs_availability", NHS_AVAILABILITIES)),
    // Every dosage is a choice on the page: none may be empty.
    check("medications_dosages_not_empty", sql`not ('' = any(${t.dosages}))`),
    index("medications_subcategory_idx").on(t.subcategoryId),
    index("medications_category_idx").on(t.categoryId),
    index("medications_lower_name_idx").on(sql`lower(${t.name})`),
    // Search matches `ilike '%term%'` on either name: trigram indexes answer it without reading
    // every row (the pg_trgm extension, created by migration 0007, is loaded on PGlite too).
    // fastupdate off: PGlite has no autovacuum to flush a GIN pending list, and a long one makes
    // the planner choose a scan; medications are written rarely, so direct updates cost little.
    index("medications_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")).with({ fastupdate: false }),
    index("medications_generic_name_trgm_idx")
      .using("gin", t.genericName.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
  ],
);

export const pharmacies = pgTable(
  "pharmacies",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    website: text("website").notNull(),
    rating: numeric("rating", { precision: 2, scale: 1, mode: "number" }).notNull().default(4),
    deliveryOptions: text("delivery_options").array().notNull().default(sql`'{standard}'::text[]`),
    deliveryTime: text("delivery_time").notNull().default("1-3 days"),
    prescriptionRequired: boolean("prescription_required").notNull().default(true),
    active: boolean("active").notNull().default(true),
    description: text("description").notNull().default(""),
    trustpilotUrl: text("trustpilot_url").notNull().default(""),
    minOrderValue: money("min_order_value").notNull().default(0),
    deliveryFee: money("delivery_fee").notNull().default(2.95),
    freeDeliveryThreshold: money("free_delivery_threshold").notNull().default(0),
    /** Consultation or prescribing fee, in every total visitors see (decision 042). */
    consultationFee: money("consultation_fee").notNull().default(0),
    consultationFeeBasis: text("consultation_fee_basis").notNull().default("per-order"),
    /**
     * Null until staff add its GPhC registration: such a pharmacy is saved but never public
     * (`pharmacyIsPublic`, decision 034). The format CHECK and the unique index ignore nulls.
     */
    gphcNumber: text("gphc_number"),
    /** Only pharmacies that also provide CQC-regulated care (e.g. online prescribing) have one. */
    cqcNumber: text("cqc_number"),
    /**
     * Query parameters appended to its links on redirect ("" for none): it pays a commission
     * (decision 044). The contract's `referralParamsProblem` is the rule; the CHECK is its backstop.
     */
    referralParams: text("referral_params").notNull().default(""),
    /**
     * Where a prescription-only visit starts (issue 44, decision 058): the pharmacy's consultation
     * page, "" for none. May hold `{medication}` where its template takes the medication as context.
     */
    consultationUrl: text("consultation_url").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    slugId("pharmacies", t.id),
    nonBlank("pharmacies_name_not_blank", t.name),
    check(
      "pharmacies_delivery_options_valid",
      sql`${t.deliveryOptions} <@ ${sql.raw(`array[${quoted(DELIVERY_OPTIONS)}]::text[]`)}`,
    ),
    check("pharmacies_rating_range", sql`${t.rating} between 0 and 5`),
    // The contract's patterns, so a stored number always passes its response schema.
    check("pharmacies_gphc_format", sql`${t.gphcNumber} ~ ${sql.raw(quoted([GPHC_NUMBER_PATTERN]))}`),
    check("pharmacies_cqc_format", sql`${t.cqcNumber} ~ ${sql.raw(quoted([CQC_NUMBER_PATTERN]))}`),
    check(
      "pharmacies_money_non_negative",
      sql`${t.minOrderValue} >= 0 and ${t.deliveryFee} >= 0 and ${t.freeDeliveryThreshold} >= 0`,
    ),
    // Query parameters only: nothing that could change a link's scheme, host or path.
    check("pharmacies_referral_params_query_only", sql`${t.referralParams} ~ '^[A-Za-z0-9_.~%+=&-]*$'`),
    check("pharmacies_consultation_fee_non_negative", sql`${t.consultationFee} >= 0`),
    check(
      "pharmacies_consultation_url_https",
      sql`${t.consultationUrl} = '' or ${t.consultationUrl} like 'https://%'`,
    ),
    check(
      "pharmacies_consultation_fee_basis_valid",
      inList("consultation_fee_basis", CONSULTATION_FEE_BASES),
    ),
    uniqueIndex("pharmacies_gphc_unique").on(t.gphcNumber),
    index("pharmacies_rating_idx").on(t.rating),
  ],
);

/**
 * A medication's course plans (issue 30, decision 042): steps of `packs` packs of one of its
 * dosages for `weeks` weeks, as the contract's `CourseStep[]`, in `position` order. Replaced as a
 * whole from the back-office; they go with their medication.
 */
export const coursePlans = pgTable(
  "course_plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    medicationId: text("medication_id")
      .notNull()
      .references(() => medications.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    position: integer("position").notNull().default(0),
    steps: jsonb("steps").$type<CourseStep[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    nonBlank("course_plans_name_not_blank", t.name),
    check(
      "course_plans_steps_list",
      sql`jsonb_typeof(${t.steps}) = 'array' and jsonb_array_length(${t.steps}) between 1 and 12`,
    ),
    index("course_plans_medication_idx").on(t.medicationId, t.position),
  ],
);

export const prices = pgTable(
  "prices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    medicationId: text("medication_id")
      .notNull()
      .references(() => medications.id, { onDelete: "cascade" }),
    pharmacyId: text("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id, { onDelete: "cascade" }),
    dosage: text("dosage").notNull(),
    price: money("price").notNull(),
    /**
     * An introductory price and its condition (issue 44, decision 057), both or neither; below the
     * ongoing `price`, which stays what alerts and price drops watch.
     */
    introductoryPrice: money("introductory_price"),
    introductoryTerms: text("introductory_terms"),
    quantity: integer("quantity").notNull().default(1),
    inStock: boolean("in_stock").notNull().default(true),
    link: text("link"),
    lastUpdated: timestamp("last_updated", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When a feed, a sheet or staff last said this price (decision 045), even unchanged: what
     * freshness is measured by. `last_updated` moves only when the price itself changes.
     */
    lastConfirmed: timestamp("last_confirmed", { withTimezone: true }).notNull().defaultNow(),
    confirmedBy: text("confirmed_by").notNull().default("staff"),
    createdAt: createdAt(),
  },
  (t) => [
    check("prices_confirmed_by_valid", inList("confirmed_by", PRICE_SOURCES)),
    uniqueIndex("prices_medication_pharmacy_dosage_unique").on(t.medicationId, t.pharmacyId, t.dosage),
    check("prices_price_positive", sql`${t.price} > 0`),
    check("prices_introductory_terms_valid", inList("introductory_terms", INTRODUCTORY_TERMS)),
    check(
      "prices_introductory_both_or_neither",
      sql`(${t.introductoryPrice} is null) = (${t.introductoryTerms} is null)`,
    ),
    check(
      "prices_introductory_below_price",
      sql`${t.introductoryPrice} is null or (${t.introductoryPrice} > 0 and ${t.introductoryPrice} < ${t.price})`,
    ),
    check("prices_quantity_positive", sql`${t.quantity} >= 1`),
    index("prices_medication_dosage_price_idx").on(t.medicationId, t.dosage, t.price),
    index("prices_pharmacy_idx").on(t.pharmacyId),
    index("prices_last_updated_idx").on(t.lastUpdated),
  ],
);

/** Every price write appends here, so trends and alerts can be explained later. */
export const priceHistory = pgTable(
  "price_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    medicationId: text("medication_id")
      .notNull()
      .references(() => medications.id, { onDelete: "cascade" }),
    pharmacyId: text("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id, { onDelete: "cascade" }),
    dosage: text("dosage").notNull(),
    price: money("price").notNull(),
    inStock: boolean("in_stock").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("price_history_price_positive", sql`${t.price} > 0`),
    index("price_history_lookup_idx").on(t.medicationId, t.dosage, t.pharmacyId, t.recordedAt),
    // The daily price-drop run reads one day of history across the catalogue (decision 038).
    index("price_history_recorded_idx").on(t.recordedAt),
  ],
);

export const adminUsers = pgTable(
  "admin_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    role: text("role").notNull().default("admin"),
    passwordHash: text("password_hash").notNull(),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set for a generated first password: until it is changed, the account may only change it. */
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    /** TOTP (RFC 6238) shared secret, base32, once the second factor is enrolled and confirmed. */
    totpSecret: text("totp_secret"),
    /** A secret offered at enrolment, kept until the first code from it confirms it. */
    totpPendingSecret: text("totp_pending_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The last 30-second step whose code was accepted, so no code works twice. */
    totpLastStep: integer("totp_last_step"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("admin_users_email_unique").on(sql`lower(${t.email})`),
    check("admin_users_role_valid", inList("role", ADMIN_ROLES)),
  ],
);

/** Opaque bearer tokens, stored only as a SHA-256 hash; revocable and expiring. */
export const adminSessions = pgTable(
  "admin_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp("idle_expires_at", { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp("absolute_expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
  },
  (t) => [
    uniqueIndex("admin_sessions_token_hash_unique").on(t.tokenHash),
    index("admin_sessions_user_idx").on(t.userId),
  ],
);

/** One-time recovery codes for the second factor, stored only as hashes. */
export const adminRecoveryCodes = pgTable(
  "admin_recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("admin_recovery_codes_user_idx").on(t.userId)],
);

/**
 * The step between a right password and a second factor: an opaque, short-lived token (stored as
 * a SHA-256 hash) that stands for "this account's password was just given from here".
 */
export const adminLoginChallenges = pgTable(
  "admin_login_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    usedAt: timestamp("used_at", { withTimezone: true }),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
  },
  (t) => [
    uniqueIndex("admin_login_challenges_token_hash_unique").on(t.tokenHash),
    index("admin_login_challenges_user_idx").on(t.userId),
  ],
);

/**
 * Counters that public reads depend on: every write to what the public site shows bumps
 * "public" in the same transaction, so every API and web process can tell its cached answers
 * are stale (issue 14's response and page caches).
 */
export const dataVersions = pgTable("data_versions", {
  key: text("key").primaryKey(),
  version: integer("version").notNull().default(0),
  updatedAt: updatedAt(),
});

/** Failed sign-in bookkeeping per client address and per account, kept in the database so
 * several API processes share it. */
export const loginThrottles = pgTable("login_throttles", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  updatedAt: updatedAt(),
});

export const adminMessages = pgTable(
  "admin_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    medicationId: text("medication_id")
      .notNull()
      .references(() => medications.id, { onDelete: "cascade" }),
    pharmacyId: text("pharmacy_id").references(() => pharmacies.id, { onDelete: "cascade" }),
    category: text("category").notNull().default("information"),
    title: text("title").notNull(),
    message: text("message").notNull(),
    startDate: timestamp("start_date", { withTimezone: true }).notNull().defaultNow(),
    endDate: timestamp("end_date", { withTimezone: true }),
    priority: integer("priority").notNull().default(0),
    active: boolean("active").notNull().default(true),
    createdBy: uuid("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    nonBlank("admin_messages_title_not_blank", t.title),
    nonBlank("admin_messages_message_not_blank", t.message),
    check("admin_messages_category_valid", inList("category", ADMIN_MESSAGE_CATEGORIES)),
    check("admin_messages_priority_range", sql`${t.priority} between 0 and 10`),
    check("admin_messages_dates_ordered", sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    index("admin_messages_medication_idx").on(t.medicationId, t.active),
  ],
);

export const contacts = pgTable(
  "contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    status: text("status").notNull().default("new"),
    notes: text("notes"),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("contacts_subject_valid", inList("subject", CONTACT_SUBJECTS)),
    check("contacts_status_valid", inList("status", CONTACT_STATUSES)),
    index("contacts_status_created_idx").on(t.status, t.createdAt),
    // The contact form's per-address hourly limit counts here.
    index("contacts_ip_created_idx").on(t.ipAddress, t.createdAt),
  ],
);

/**
 * The current consent of an alert or subscription (decision 013): which wording, when, from which
 * form, and a SHA-256 of the client address (never the address itself). Its history, every request
 * and confirmation, is in consent_events (decision 031).
 */
const consentRecord = () => ({
  consentVersion: text("consent_version").notNull(),
  consentedAt: timestamp("consented_at", { withTimezone: true }).notNull(),
  consentSource: text("consent_source").notNull(),
  consentIpHash: text("consent_ip_hash"),
});

export const priceAlerts = pgTable(
  "price_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    medicationId: text("medication_id")
      .notNull()
      .references(() => medications.id, { onDelete: "cascade" }),
    medicationName: text("medication_name").notNull(),
    dosage: text("dosage").notNull(),
    /** What it watches (decision 043): "target" (the specification's alert) or a kind with no target. */
    kind: text("kind").notNull().default("target"),
    /** A "target" alert's target; null for the other kinds. */
    targetPrice: money("target_price"),
    /** The lowest in-stock price when the alert was set, kept current by every price write. */
    currentPrice: money("current_price").notNull(),
    lowestPharmacyName: text("lowest_pharmacy_name"),
    lowestPharmacyPrice: money("lowest_pharmacy_price"),
    status: text("status").notNull().default("active"),
    /** Null until the address is confirmed (double opt-in): only confirmed alerts fire. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    ...consentRecord(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** When it last fired: a "target" alert once (then triggered), the other kinds at most once a UK day. */
    triggeredAt: timestamp("triggered_at", { withTimezone: true }),
    /** Set while its visitor has it paused from the manage page (decision 043): it fires nothing. */
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("price_alerts_status_valid", inList("status", PRICE_ALERT_STATUSES)),
    check("price_alerts_kind_valid", inList("kind", PRICE_ALERT_KINDS)),
    check("price_alerts_target_positive", sql`${t.targetPrice} > 0`),
    check("price_alerts_target_of_target_kind", sql`${t.kind} <> 'target' or ${t.targetPrice} is not null`),
    // A repeat for the same address, medication and dosage updates the one alert.
    uniqueIndex("price_alerts_email_medication_dosage_unique").on(
      sql`lower(${t.email})`,
      t.medicationId,
      t.dosage,
    ),
    index("price_alerts_watch_idx").on(t.medicationId, t.dosage, t.status),
    index("price_alerts_expiry_idx").on(t.status, t.expiresAt),
  ],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    status: text("status").notNull().default("active"),
    source: text("source").notNull().default("popup"),
    subscribedTo: jsonb("subscribed_to")
      .$type<{ type: string; value: string | null }[]>()
      .notNull()
      .default(sql`'[{"type":"all","value":null}]'::jsonb`),
    priceDrops: boolean("price_drops").notNull().default(true),
    newMedications: boolean("new_medications").notNull().default(true),
    promotions: boolean("promotions").notNull().default(true),
    weeklyDigest: boolean("weekly_digest").notNull().default(false),
    /** Null until the address is confirmed (double opt-in): nothing but the confirmation is sent before. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    ...consentRecord(),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    emailsSentCount: integer("emails_sent_count").notNull().default(0),
    lastEmailSent: timestamp("last_email_sent", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("subscriptions_email_unique").on(sql`lower(${t.email})`),
    check("subscriptions_status_valid", inList("status", SUBSCRIPTION_STATUSES)),
    check("subscriptions_source_valid", inList("source", SUBSCRIPTION_SOURCES)),
  ],
);

/** What a consent event agreed to: a subscription's interests and scope, or an alert's target. */
export type ConsentTerms =
  | {
      priceDrops: boolean;
      newMedications: boolean;
      promotions: boolean;
      weeklyDigest: boolean;
      subscribedTo: { type: string; value: string | null }[];
    }
  | {
      medicationId: string;
      dosage: string;
      /** Absent in requests made before alerts had kinds (decision 043): those are "target". */
      kind?: (typeof PRICE_ALERT_KINDS)[number];
      targetPrice: number | null;
      expiresAt: string;
    };

/**
 * The history of consent (decision 031), appended and never changed: each request for an alert or
 * subscription on given terms, and each confirmation of one from the address's inbox. It names
 * its alert or subscription by id without a foreign key, so the evidence outlives the row: the
 * retention job notes when the row went (`record_gone_at`) and deletes the history a fixed period
 * later. A request held for confirmation is this table's row, and its confirm link points at it.
 */
export const consentEvents = pgTable(
  "consent_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    priceAlertId: uuid("price_alert_id"),
    subscriptionId: uuid("subscription_id"),
    /** SHA-256 of the trimmed, lower-cased address (email/secrets.ts hashEmail). */
    emailHash: text("email_hash").notNull(),
    kind: text("kind").notNull(),
    /** A request to change terms the address had confirmed: held until the address confirms it. */
    held: boolean("held").notNull().default(false),
    terms: jsonb("terms").$type<ConsentTerms>().notNull(),
    wordingVersion: text("wording_version").notNull(),
    source: text("source").notNull(),
    clientIpHash: text("client_ip_hash"),
    /** A confirmation's request: each request is confirmed at most once. */
    requestId: uuid("request_id").references((): AnyPgColumn => consentEvents.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** When the retention job found the alert or subscription gone; the history goes a period later. */
    recordGoneAt: timestamp("record_gone_at", { withTimezone: true }),
  },
  (t) => [
    check("consent_events_kind_valid", inList("kind", CONSENT_EVENT_KINDS)),
    check("consent_events_one_record", sql`num_nonnulls(${t.priceAlertId}, ${t.subscriptionId}) = 1`),
    // Only a confirmation names a request (one made before this table existed names none).
    check(
      "consent_events_request_of_confirmation",
      sql`${t.kind} = 'confirmation' or ${t.requestId} is null`,
    ),
    uniqueIndex("consent_events_request_confirmed_once").on(t.requestId),
    index("consent_events_price_alert_idx").on(t.priceAlertId, t.createdAt),
    index("consent_events_subscription_idx").on(t.subscriptionId, t.createdAt),
    index("consent_events_email_hash_idx").on(t.emailHash),
    index("consent_events_gone_idx").on(t.recordGoneAt),
  ],
);

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    content: text("content").notNull(),
    author: text("author").notNull(),
    category: text("category").notNull().default("General Health"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    featuredImage: text("featured_image"),
    metaDescription: text("meta_description").notNull(),
    metaKeywords: text("meta_keywords").array().notNull().default(sql`'{}'::text[]`),
    readTime: integer("read_time").notNull(),
    published: boolean("published").notNull().default(false),
    /** Set when the post is first published and kept after (null for a draft never published). */
    publishDate: timestamp("publish_date", { withTimezone: true }),
    lastUpdated: timestamp("last_updated", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("blog_posts_slug_unique").on(t.slug),
    check(
      "blog_posts_slug_format",
      sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(${t.slug}) <= 120`,
    ),
    nonBlank("blog_posts_title_not_blank", t.title),
    check("blog_posts_excerpt_length", sql`char_length(${t.excerpt}) <= 300`),
    check("blog_posts_meta_description_length", sql`char_length(${t.metaDescription}) <= 160`),
    check("blog_posts_category_valid", inList("category", BLOG_CATEGORIES)),
    check("blog_posts_read_time_positive", sql`${t.readTime} > 0`),
    // A published post has a publication date: the public list is ordered by it.
    check("blog_posts_published_dated", sql`not ${t.published} or ${t.publishDate} is not null`),
    index("blog_posts_published_date_idx").on(t.published, t.publishDate),
  ],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id").references(() => adminUsers.id, { onDelete: "set null" }),
    /** Kept even if the user is later removed, and for failed sign-ins with no user. */
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    changes: jsonb("changes").$type<Record<string, unknown>>(),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_entity_idx").on(t.entityType, t.entityId),
    index("audit_log_actor_idx").on(t.actorId),
    // The audit screen filters by actor email, case-insensitively.
    index("audit_log_lower_actor_email_idx").on(sql`lower(${t.actorEmail})`),
  ],
);

/**
 * Staff newsletters (issue 28, decision 041): the subject and markdown body, the audience (interests
 * besides promotions, conditions; empty lists mean no narrowing), and where the send is. Its emails
 * are outbox rows that name it, one per subscriber (key newsletter × subscriber).
 */
export const newsletters = pgTable(
  "newsletters",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    audienceInterests: text("audience_interests").array().notNull().default(sql`'{}'::text[]`),
    audienceConditions: text("audience_conditions").array().notNull().default(sql`'{}'::text[]`),
    status: text("status").notNull().default("draft"),
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When its whole audience had been queued. */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    check("newsletters_status_valid", inList("status", NEWSLETTER_STATUSES)),
    nonBlank("newsletters_subject_not_blank", t.subject),
    // Scheduled, sending and sent newsletters know when they were to go.
    check(
      "newsletters_scheduled_dated",
      sql`${t.status} in ('draft', 'cancelled') or ${t.scheduledFor} is not null`,
    ),
    index("newsletters_due_idx").on(t.status, t.scheduledFor),
    index("newsletters_created_idx").on(t.createdAt),
  ],
);

/** Transactional outbox: a row is written in the same transaction as the thing that causes
 * the email; a worker delivers it at least once (modules/outbox/outbox-service.ts, decision 013). */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Makes enqueueing idempotent: the same event never queues two emails. */
    idempotencyKey: text("idempotency_key").notNull(),
    /** The Message-ID header, derived from the key: every retry of a message carries the same one. */
    messageId: text("message_id").notNull(),
    template: text("template").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    /** What the message is about: a delivery counts on its subscription; unsubscribing cancels what is unsent. */
    priceAlertId: uuid("price_alert_id").references(() => priceAlerts.id, { onDelete: "set null" }),
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    /** The staff newsletter it carries (decision 041): its progress is counted from these rows. */
    newsletterId: uuid("newsletter_id").references(() => newsletters.id, { onDelete: "set null" }),
    status: text("status").notNull().default("pending"),
    /**
     * Price news sent to a whole audience (decision 038): sent after every transactional email
     * that is due (a confirmation never waits behind a digest), within MAIL_RATE a minute.
     */
    bulk: boolean("bulk").notNull().default(false),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** The lease of the worker sending it: another worker may take it over only after this. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** Which claim holds the lease, so a worker whose lease ran out cannot record the outcome. */
    claimToken: uuid("claim_token"),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_outbox_idempotency_unique").on(t.idempotencyKey),
    check("email_outbox_status_valid", inList("status", OUTBOX_STATUSES)),
    index("email_outbox_due_idx").on(t.status, t.bulk, t.nextAttemptAt),
    // MAIL_RATE counts what was sent in the last minute.
    index("email_outbox_sent_idx").on(t.sentAt),
    index("email_outbox_price_alert_idx").on(t.priceAlertId),
    index("email_outbox_subscription_idx").on(t.subscriptionId),
    index("email_outbox_newsletter_idx").on(t.newsletterId, t.status),
  ],
);

/**
 * The secrets behind the confirm and unsubscribe links in emails, stored only as SHA-256 hashes
 * (like admin sessions). Each email gets its own; a link stays valid while what it points at
 * exists. It points at an alert, a subscription, or (an acknowledgement's unsubscribe link) the
 * hashed address itself.
 */
export const emailLinks = pgTable(
  "email_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    purpose: text("purpose").notNull(),
    priceAlertId: uuid("price_alert_id").references(() => priceAlerts.id, { onDelete: "cascade" }),
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, { onDelete: "cascade" }),
    emailHash: text("email_hash"),
    /** A confirm link's request (decision 031): confirming applies that request's terms. */
    consentEventId: uuid("consent_event_id").references(() => consentEvents.id, { onDelete: "cascade" }),
    /**
     * The kind of price news a subscription's unsubscribe link stops (decision 041): that interest
     * only, the email's own kind; null stops the whole subscription (or alert, or address).
     */
    stopsKind: text("stops_kind"),
    createdAt: createdAt(),
  },
  (t) => [
    check("email_links_purpose_valid", inList("purpose", EMAIL_LINK_PURPOSES)),
    check("email_links_request_confirm_only", sql`${t.consentEventId} is null or ${t.purpose} = 'confirm'`),
    check(
      "email_links_one_target",
      sql`num_nonnulls(${t.priceAlertId}, ${t.subscriptionId}, ${t.emailHash}) = 1`,
    ),
    check(
      "email_links_address_unsubscribe_only",
      sql`${t.emailHash} is null or ${t.purpose} in ('unsubscribe', 'manage')`,
    ),
    // A manage link opens every alert of an address (decision 043), so it names the address.
    check("email_links_manage_address_only", sql`${t.purpose} <> 'manage' or ${t.emailHash} is not null`),
    check(
      "email_links_kind_valid",
      sql`${t.stopsKind} is null or (${t.subscriptionId} is not null and ${inList("stops_kind", NEWS_KINDS)})`,
    ),
    index("email_links_price_alert_idx").on(t.priceAlertId),
    index("email_links_subscription_idx").on(t.subscriptionId),
    index("email_links_consent_event_idx").on(t.consentEventId),
  ],
);

/** Addresses (as SHA-256 hashes) that asked for no more email; a new confirmed request lifts it. */
export const emailSuppressions = pgTable("email_suppressions", {
  emailHash: text("email_hash").primaryKey(),
  createdAt: createdAt(),
  /** The last confirmation email queued to the address since: at most one a week (decision 031). */
  confirmationQueuedAt: timestamp("confirmation_queued_at", { withTimezone: true }),
});

/**
 * The public write limit's counters (decision 013): one fixed window per key (a client network or
 * a hashed email address), counted in the database so every API process shares them.
 */
export const writeLimits = pgTable(
  "write_limits",
  {
    key: text("key").primaryKey(),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [check("write_limits_count_positive", sql`${t.count} > 0`)],
);

/** How a scheduled job's run ended, or that it is under way (jobs/scheduler.ts, decision 038). */
export const JOB_RUN_OUTCOMES = ["running", "succeeded", "failed"] as const;

/**
 * Each run of a scheduled job, and its lease (decision 038): one row per job and scheduled moment
 * (`slot`), so every API process that finds the moment due tries to take the same row in one
 * statement and one wins. The holder's lease runs out if it dies, and another process takes the
 * run over; a failed run is taken again after a pause, a few times at most.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    job: text("job").notNull(),
    /** The scheduled moment as an ISO instant, or `manual:<instant>` for an operator's run. */
    slot: text("slot").notNull(),
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }).notNull(),
    /** The process running it: host, process id and a random tag per API instance. */
    holder: text("holder").notNull(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(1),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    outcome: text("outcome").notNull().default("running"),
    /** What the run did (counts), or why it failed (a message without addresses). */
    summary: jsonb("summary").$type<Record<string, unknown>>(),
  },
  (t) => [
    uniqueIndex("job_runs_job_slot_unique").on(t.job, t.slot),
    check("job_runs_outcome_valid", inList("outcome", JOB_RUN_OUTCOMES)),
    index("job_runs_job_started_idx").on(t.job, t.startedAt),
  ],
);

/**
 * Visits sent to pharmacies, counted per UK day, pharmacy, medication, dosage and the page the link
 * was on (decision 044): aggregate counts only, nothing about the visitor. Ids are kept without
 * foreign keys so the figures behind an invoice outlive a deleted pharmacy or medication; a visit
 * to a pharmacy's own website has "" for medication and dosage. Written in batches by the API
 * (modules/click-outs/click-out-service.ts), never in the redirect's own path.
 */
export const clickOuts = pgTable(
  "click_outs",
  {
    day: date("day", { mode: "string" }).notNull(),
    pharmacyId: text("pharmacy_id").notNull(),
    medicationId: text("medication_id").notNull(),
    dosage: text("dosage").notNull(),
    source: text("source").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.pharmacyId, t.medicationId, t.dosage, t.source] }),
    check("click_outs_source_valid", inList("source", CLICK_OUT_SOURCES)),
    check("click_outs_count_positive", sql`${t.count} > 0`),
    index("click_outs_pharmacy_day_idx").on(t.pharmacyId, t.day),
  ],
);

/**
 * A pharmacy's price feed (issue 29, decision 045): fetched on its schedule by the job scheduler
 * (one job per feed, `feed:<pharmacy id>`), with the validators of its last answer for a
 * conditional request. The credential header's value is sealed with SECRETS_KEY (decision 030).
 */
export const pharmacyFeeds = pgTable(
  "pharmacy_feeds",
  {
    pharmacyId: text("pharmacy_id")
      .primaryKey()
      .references(() => pharmacies.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    format: text("format").notNull(),
    runsPerDay: integer("runs_per_day").notNull().default(1),
    /** Minutes past midnight (UK clock) of the day's first run: spread across the day per pharmacy. */
    startMinute: integer("start_minute").notNull(),
    active: boolean("active").notNull().default(true),
    headerName: text("header_name"),
    headerValueSealed: text("header_value_sealed"),
    etag: text("etag"),
    lastModified: text("last_modified"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("pharmacy_feeds_format_valid", inList("format", FEED_FORMATS)),
    check("pharmacy_feeds_runs_per_day_valid", sql`${t.runsPerDay} in (1, 2, 4, 6, 12, 24)`),
    check("pharmacy_feeds_start_minute_range", sql`${t.startMinute} between 0 and 1439`),
    check("pharmacy_feeds_header_pair", sql`(${t.headerName} is null) = (${t.headerValueSealed} is null)`),
  ],
);

/**
 * A feed row held for review instead of applied (decision 045): a large price move, a link off the
 * pharmacy's site, or an unknown medication or dosage, with the run it came from.
 */
export const feedHeldRows = pgTable(
  "feed_held_rows",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pharmacyId: text("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id, { onDelete: "cascade" }),
    runId: uuid("run_id").references(() => jobRuns.id, { onDelete: "set null" }),
    /** The row's number in the feed file, when it has one. */
    row: integer("row"),
    /** Null when the feed names a medication the catalogue does not have. */
    medicationId: text("medication_id").references(() => medications.id, { onDelete: "cascade" }),
    medicationName: text("medication_name").notNull(),
    dosage: text("dosage").notNull(),
    oldPrice: money("old_price"),
    newPrice: money("new_price").notNull(),
    /** The feed's introductory price and its condition, when it sent one (decision 057). */
    newIntroductoryPrice: money("new_introductory_price"),
    newIntroductoryTerms: text("new_introductory_terms"),
    oldLink: text("old_link"),
    newLink: text("new_link"),
    /** Null when the feed did not say (the stored stock is kept on accept). */
    inStock: boolean("in_stock"),
    reasons: text("reasons").array().notNull(),
    status: text("status").notNull().default("held"),
    heldAt: timestamp("held_at", { withTimezone: true }).notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: uuid("decided_by").references(() => adminUsers.id, { onDelete: "set null" }),
  },
  (t) => [
    check("feed_held_rows_status_valid", inList("status", FEED_HELD_STATUSES)),
    check("feed_held_rows_new_price_positive", sql`${t.newPrice} > 0`),
    check(
      "feed_held_rows_new_introductory_terms_valid",
      inList("new_introductory_terms", INTRODUCTORY_TERMS),
    ),
    index("feed_held_rows_status_idx").on(t.status, t.heldAt),
    index("feed_held_rows_pharmacy_idx").on(t.pharmacyId, t.status),
  ],
);

/**
 * NHS charges with the day each takes effect (issue 44, decision 056): the one in force for a kind
 * is the latest whose `effective_from` is not after today, so staff can enter next April's figure
 * ahead of time. Each carries the page it was taken from.
 */
export const nhsCharges = pgTable(
  "nhs_charges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    amount: money("amount").notNull(),
    effectiveFrom: date("effective_from", { mode: "string" }).notNull(),
    sourceUrl: text("source_url").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("nhs_charges_kind_valid", inList("kind", NHS_CHARGE_KINDS)),
    check("nhs_charges_amount_non_negative", sql`${t.amount} >= 0`),
    check("nhs_charges_source_https", sql`${t.sourceUrl} like 'https://%'`),
    uniqueIndex("nhs_charges_kind_effective_unique").on(t.kind, t.effectiveFrom),
  ],
);

/**
 * Dated events on a medication's price history (issue 45, decision 059): marks on the history chart
 * and words in the price context ("prices rose after the manufacturer's list-price change on 1
 * September"), each with the page it was taken from. A dosage narrows it; null is every dosage.
 */
export const medicationEvents = pgTable(
  "medication_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    medicationId: text("medication_id")
      .notNull()
      .references(() => medications.id, { onDelete: "cascade" }),
    dosage: text("dosage"),
    kind: text("kind").notNull(),
    happenedOn: date("happened_on", { mode: "string" }).notNull(),
    summary: text("summary").notNull(),
    sourceUrl: text("source_url").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("medication_events_kind_valid", inList("kind", MEDICATION_EVENT_KINDS)),
    nonBlank("medication_events_summary_not_blank", t.summary),
    check("medication_events_source_https", sql`${t.sourceUrl} like 'https://%'`),
    index("medication_events_medication_day_idx").on(t.medicationId, t.happenedOn),
  ],
);

/**
 * Supply notices staff keep (issue 45, decision 060): shown on the condition page and in alert
 * emails while active (from `starts_at` until `ends_at`, open-ended when null), with their source
 * and the day it said so. A dosage narrows it; null is every dosage of the medication.
 */
export const supplyNotices = pgTable(
  "supply_notices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    medicationId: text("medication_id")
      .notNull()
      .references(() => medications.id, { onDelete: "cascade" }),
    dosage: text("dosage"),
    message: text("message").notNull(),
    sourceUrl: text("source_url").notNull(),
    sourceDate: date("source_date", { mode: "string" }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    nonBlank("supply_notices_message_not_blank", t.message),
    check("supply_notices_source_https", sql`${t.sourceUrl} like 'https://%'`),
    check("supply_notices_ends_after_start", sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    index("supply_notices_medication_idx").on(t.medicationId, t.startsAt),
  ],
);

/**
 * The monthly UK price index (issue 45, decision 061): per month (its first day), medication and
 * dosage, the median of each day's lowest in-stock price, the days it rests on and the most
 * pharmacies that priced it on one of them. Written whole per month by the index job in one
 * transaction, so a re-run replaces a month with the same figures (reproducible from the history).
 */
export const priceIndexMonths = pgTable(
  "price_index_months",
  {
    month: date("month", { mode: "string" }).notNull(),
    medicationId: text("medication_id")
      .notNull()
      .references(() => medications.id, { onDelete: "cascade" }),
    dosage: text("dosage").notNull(),
    subcategoryId: text("subcategory_id").notNull(),
    medianLowest: money("median_lowest").notNull(),
    days: integer("days").notNull(),
    pharmacies: integer("pharmacies").notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.medicationId, t.dosage] }),
    check("price_index_months_first_day", sql`extract(day from ${t.month}) = 1`),
    check("price_index_months_median_positive", sql`${t.medianLowest} > 0`),
    check("price_index_months_counts_positive", sql`${t.days} >= 1 and ${t.pharmacies} >= 1`),
    index("price_index_months_subcategory_idx").on(t.month, t.subcategoryId),
  ],
);

/**
 * Keys for the read-only open API (issue 45, decision 062): staff issue and revoke them; the key
 * is shown once and only its SHA-256 is stored (with a short prefix to tell keys apart). Each has
 * a quota per minute and per day.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    perMinute: integer("per_minute").notNull(),
    perDay: integer("per_day").notNull(),
    createdBy: uuid("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    nonBlank("api_keys_name_not_blank", t.name),
    uniqueIndex("api_keys_key_hash_unique").on(t.keyHash),
    check("api_keys_quotas_positive", sql`${t.perMinute} >= 1 and ${t.perDay} >= ${t.perMinute}`),
  ],
);

/** Each key's use per UK day (issue 45, decision 062): answered and refused (429) requests. */
export const apiKeyUsage = pgTable(
  "api_key_usage",
  {
    keyId: uuid("key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    answered: integer("answered").notNull().default(0),
    refused: integer("refused").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.keyId, t.day] }),
    check("api_key_usage_counts_non_negative", sql`${t.answered} >= 0 and ${t.refused} >= 0`),
  ],
);

/**
 * What each public data version changed (issue 46, decision 063): the tags a write touched, so a
 * process that last knew version N drops only the answers built from data changed since, and a
 * process too far behind drops everything. Kept short by retention.
 */
export const publicDataChanges = pgTable(
  "public_data_changes",
  {
    version: integer("version").primaryKey(),
    tags: text("tags").array().notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("public_data_changes_tags_not_empty", sql`cardinality(${t.tags}) >= 1`)],
);

/**
 * Tag purges owed to a shared cache in front (issue 46, decision 064): written in the transaction
 * of the write that touched the tags, sent after it commits, retried with backoff while the
 * cache is down, so no purge is lost to a restart or an outage.
 */
export const cachePurges = pgTable(
  "cache_purges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The cache address (one of PURGE_URLS) this purge is owed to. */
    target: text("target").notNull(),
    tags: text("tags").array().notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    nonBlank("cache_purges_target_not_blank", t.target),
    check("cache_purges_tags_not_empty", sql`cardinality(${t.tags}) >= 1`),
    check("cache_purges_attempts_non_negative", sql`${t.attempts} >= 0`),
    index("cache_purges_due").on(t.nextAttemptAt),
  ],
);
