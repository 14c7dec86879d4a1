import {
  ADMIN_MESSAGE_CATEGORIES,
  ADMIN_ROLES,
  BLOG_CATEGORIES,
  CLICK_OUT_SOURCES,
  CONSENT_EVENT_KINDS,
  CONSULTATION_FEE_BASES,
  CONTACT_STATUSES,
  CONTACT_SUBJECTS,
  DELIVERY_OPTIONS,
  EMAIL_LINK_PURPOSES,
  FEED_FORMATS,
  FEED_HELD_STATUSES,
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
} from "@pharmacompare/contract";
import { JOB_RUN_OUTCOMES } from "../db/schema.ts";
import { type Refusal, refuse } from "../domain/refusal.ts";

/**
 * Database constraint failures as refusals (DESIGN "one error shape"): the database is the last
 * word on what may be stored, so what it refuses is the client's problem (409 or 400), never a
 * 500. The sentences name the thing and its fields, never the values: the driver's `detail`
 * holds the row's values, so only the column names are read from it, and it is never logged.
 */

/** What the error handler knows of a failed statement (see databaseFailure) plus the driver's detail. */
export interface ConstraintFailure {
  code?: string;
  message: string;
  table?: string;
  constraint?: string;
  /** `Key (col, …)=(values) …`: read for column names only. */
  detail?: string;
  /** The column of a not-null failure. */
  column?: string;
}

interface Noun {
  one: string;
  many: string;
}

/** Every table of db/schema.ts in words (schema tests check none is missing). */
export const TABLE_NOUNS: Record<string, Noun> = {
  categories: { one: "category", many: "categories" },
  subcategories: { one: "subcategory", many: "subcategories" },
  medications: { one: "medication", many: "medications" },
  pharmacies: { one: "pharmacy", many: "pharmacies" },
  course_plans: { one: "course plan", many: "course plans" },
  prices: { one: "price", many: "prices" },
  price_history: { one: "price history entry", many: "price history entries" },
  admin_users: { one: "administrator", many: "administrators" },
  admin_sessions: { one: "session", many: "sessions" },
  login_throttles: { one: "sign-in counter", many: "sign-in counters" },
  admin_recovery_codes: { one: "recovery code", many: "recovery codes" },
  admin_login_challenges: { one: "sign-in challenge", many: "sign-in challenges" },
  data_versions: { one: "data version", many: "data versions" },
  admin_messages: { one: "admin message", many: "admin messages" },
  contacts: { one: "contact message", many: "contact messages" },
  price_alerts: { one: "price alert", many: "price alerts" },
  subscriptions: { one: "subscription", many: "subscriptions" },
  blog_posts: { one: "blog post", many: "blog posts" },
  audit_log: { one: "audit entry", many: "audit entries" },
  email_outbox: { one: "queued email", many: "queued emails" },
  email_links: { one: "email link", many: "email links" },
  consent_events: { one: "consent record", many: "consent records" },
  email_suppressions: { one: "email opt-out", many: "email opt-outs" },
  write_limits: { one: "write counter", many: "write counters" },
  job_runs: { one: "scheduled job run", many: "scheduled job runs" },
  click_outs: { one: "click-out count", many: "click-out counts" },
  newsletters: { one: "newsletter", many: "newsletters" },
  pharmacy_feeds: { one: "price feed", many: "price feeds" },
  feed_held_rows: { one: "held feed row", many: "held feed rows" },
  nhs_charges: { one: "NHS charge", many: "NHS charges" },
  medication_events: { one: "price history event", many: "price history events" },
  supply_notices: { one: "supply notice", many: "supply notices" },
  price_index_months: { one: "price index figure", many: "price index figures" },
  api_keys: { one: "API key", many: "API keys" },
  api_key_usage: { one: "API key usage count", many: "API key usage counts" },
  public_data_changes: { one: "public data change", many: "public data changes" },
  cache_purges: { one: "cache purge", many: "cache purges" },
};

const nounOf = (table: string | undefined): Noun =>
  (table && TABLE_NOUNS[table]) || { one: "record", many: "other records" };

/** Column names that do not read well split at underscores. */
const COLUMN_WORDS: Record<string, string> = { gphc_number: "GPhC number", cqc_number: "CQC number" };

const columnWords = (column: string) => COLUMN_WORDS[column] ?? column.replaceAll("_", " ");
/** "deliveryOptions" → "delivery options" */
const fieldWords = (field: string) => field.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
const camelCase = (column: string) => column.replace(/_([a-z0-9])/g, (_, next: string) => next.toUpperCase());

/** "a, b and c" */
function listed(words: string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/**
 * The column names of a driver detail `Key (a, lower(b))=(…) …`: the text up to the first `)=(`
 * (the values come after it and are never read), each entry unwrapped from any function call
 * or cast; anything that is not a plain identifier is dropped.
 */
export function keyColumns(detail: string | undefined): string[] {
  if (!detail?.startsWith("Key (")) return [];
  const end = detail.indexOf(")=(");
  if (end < 0) return [];
  const inside = detail.slice("Key (".length, end);
  const columns: string[] = [];
  let depth = 0;
  let current = "";
  for (const character of inside) {
    if (character === "(") depth += 1;
    if (character === ")") depth -= 1;
    if (character === "," && depth === 0) {
      columns.push(current);
      current = "";
    } else current += character;
  }
  columns.push(current);
  return columns
    .map((entry) => {
      let column = entry.trim();
      for (
        let unwrap = /^[a-z_]+\((.*)\)$/i.exec(column);
        unwrap;
        unwrap = /^[a-z_]+\((.*)\)$/i.exec(column)
      ) {
        column = (unwrap[1] ?? "").trim();
      }
      return column.replace(/::[a-z ]+$/i, "").replace(/^"(.*)"$/, "$1");
    })
    .filter((column) => /^[a-z_][a-z0-9_]*$/.test(column));
}

interface CheckRule {
  /** The request fields (camelCase) the rule is about. */
  fields: string[];
  /** What the fields must be, after their name: "must be positive". */
  says: string;
  /** How the sentence names the fields, when the field names do not read well. */
  label?: string;
}

const oneOf = (values: readonly string[]) => `must be one of: ${values.join(", ")}`;
const SLUG_RULE =
  "must be lowercase letters and digits in words joined by single hyphens, at most 120 characters";

/** Each CHECK constraint of db/schema.ts as a rule a person can read (a schema test checks all are here). */
export const CHECK_RULES: Record<string, CheckRule> = {
  categories_id_slug: { fields: ["id"], says: SLUG_RULE },
  categories_name_not_blank: { fields: ["name"], says: "must not be blank" },
  subcategories_id_slug: { fields: ["id"], says: SLUG_RULE },
  subcategories_name_not_blank: { fields: ["name"], says: "must not be blank" },
  medications_id_slug: { fields: ["id"], says: SLUG_RULE },
  medications_name_not_blank: { fields: ["name"], says: "must not be blank" },
  medications_form_valid: { fields: ["form"], says: oneOf(MEDICATION_FORMS) },
  medications_legal_category_valid: { fields: ["legalCategory"], says: oneOf(LEGAL_CATEGORY_IDS) },
  medications_nhs_availability_valid: {
    fields: ["nhsAvailability"],
    label: "NHS availability",
    says: oneOf(NHS_AVAILABILITIES),
  },
  medications_dosages_not_empty: { fields: ["dosages"], says: "must not include an empty dosage" },
  pharmacies_id_slug: { fields: ["id"], says: SLUG_RULE },
  pharmacies_name_not_blank: { fields: ["name"], says: "must not be blank" },
  pharmacies_delivery_options_valid: {
    fields: ["deliveryOptions"],
    label: "each delivery option",
    says: oneOf(DELIVERY_OPTIONS),
  },
  pharmacies_rating_range: { fields: ["rating"], says: "must be between 0 and 5" },
  pharmacies_gphc_format: {
    fields: ["gphcNumber"],
    label: "GPhC number",
    says: "must be seven digits starting with 1",
  },
  pharmacies_cqc_format: {
    fields: ["cqcNumber"],
    label: "CQC number",
    says: "must be a CQC location id: 1- then 8 to 12 digits",
  },
  pharmacies_money_non_negative: {
    fields: ["minOrderValue", "deliveryFee", "freeDeliveryThreshold"],
    label: "minimum order value, delivery fee and free-delivery threshold",
    says: "must not be negative",
  },
  pharmacies_referral_params_query_only: {
    fields: ["referralParams"],
    label: "referral parameters",
    says: "must be query parameters only (name=value pairs joined by &)",
  },
  pharmacies_consultation_url_https: {
    fields: ["consultationUrl"],
    label: "consultation address",
    says: "must start with https://",
  },
  pharmacies_consultation_fee_non_negative: { fields: ["consultationFee"], says: "must not be negative" },
  pharmacies_consultation_fee_basis_valid: {
    fields: ["consultationFeeBasis"],
    says: oneOf(CONSULTATION_FEE_BASES),
  },
  course_plans_name_not_blank: { fields: ["name"], says: "must not be blank" },
  course_plans_steps_list: { fields: ["steps"], says: "must be a list of 1 to 12 steps" },
  prices_price_positive: { fields: ["price"], says: "must be positive" },
  prices_introductory_terms_valid: { fields: ["introductoryTerms"], says: oneOf(INTRODUCTORY_TERMS) },
  prices_introductory_both_or_neither: {
    fields: ["introductoryPrice", "introductoryTerms"],
    says: "go together: give both or neither",
  },
  prices_introductory_below_price: {
    fields: ["introductoryPrice"],
    says: "must be more than 0 and below the ongoing price",
  },
  prices_quantity_positive: { fields: ["quantity"], says: "must be at least 1" },
  price_history_price_positive: { fields: ["price"], says: "must be positive" },
  admin_users_role_valid: { fields: ["role"], says: oneOf(ADMIN_ROLES) },
  admin_messages_title_not_blank: { fields: ["title"], says: "must not be blank" },
  admin_messages_message_not_blank: { fields: ["message"], says: "must not be blank" },
  admin_messages_category_valid: { fields: ["category"], says: oneOf(ADMIN_MESSAGE_CATEGORIES) },
  admin_messages_priority_range: { fields: ["priority"], says: "must be between 0 and 10" },
  admin_messages_dates_ordered: {
    fields: ["endDate"],
    label: "end date",
    says: "must not be before the start date",
  },
  contacts_subject_valid: { fields: ["subject"], says: oneOf(CONTACT_SUBJECTS) },
  contacts_status_valid: { fields: ["status"], says: oneOf(CONTACT_STATUSES) },
  price_alerts_status_valid: { fields: ["status"], says: oneOf(PRICE_ALERT_STATUSES) },
  price_alerts_kind_valid: { fields: ["kind"], says: oneOf(PRICE_ALERT_KINDS) },
  price_alerts_target_positive: { fields: ["targetPrice"], label: "target price", says: "must be positive" },
  price_alerts_target_of_target_kind: {
    fields: ["targetPrice"],
    label: "target price",
    says: "is required for a target price alert",
  },
  subscriptions_status_valid: { fields: ["status"], says: oneOf(SUBSCRIPTION_STATUSES) },
  subscriptions_source_valid: { fields: ["source"], says: oneOf(SUBSCRIPTION_SOURCES) },
  blog_posts_slug_format: { fields: ["slug"], says: SLUG_RULE },
  blog_posts_title_not_blank: { fields: ["title"], says: "must not be blank" },
  blog_posts_excerpt_length: { fields: ["excerpt"], says: "must be at most 300 characters" },
  blog_posts_meta_description_length: {
    fields: ["metaDescription"],
    label: "meta description",
    says: "must be at most 160 characters",
  },
  blog_posts_category_valid: { fields: ["category"], says: oneOf(BLOG_CATEGORIES) },
  blog_posts_read_time_positive: { fields: ["readTime"], label: "read time", says: "must be at least 1" },
  blog_posts_published_dated: {
    fields: ["publishDate"],
    label: "publish date",
    says: "is required for a published post",
  },
  email_outbox_status_valid: { fields: ["status"], says: oneOf(OUTBOX_STATUSES) },
  email_links_purpose_valid: { fields: ["purpose"], says: oneOf(EMAIL_LINK_PURPOSES) },
  email_links_one_target: {
    fields: ["priceAlertId", "subscriptionId", "emailHash"],
    label: "price alert, subscription or address",
    says: "exactly one must be given",
  },
  email_links_address_unsubscribe_only: {
    fields: ["purpose"],
    says: "must be unsubscribe or manage for a link to an address",
  },
  email_links_manage_address_only: {
    fields: ["emailHash"],
    label: "address",
    says: "is required for a manage link",
  },
  email_links_request_confirm_only: {
    fields: ["purpose"],
    says: "must be confirm for a link to a held request",
  },
  consent_events_kind_valid: { fields: ["kind"], says: oneOf(CONSENT_EVENT_KINDS) },
  consent_events_one_record: {
    fields: ["priceAlertId", "subscriptionId"],
    label: "price alert or subscription",
    says: "exactly one must be given",
  },
  consent_events_request_of_confirmation: {
    fields: ["requestId"],
    label: "request",
    says: "is named only by a confirmation",
  },
  write_limits_count_positive: { fields: ["count"], says: "must be at least 1" },
  job_runs_outcome_valid: { fields: ["outcome"], says: oneOf(JOB_RUN_OUTCOMES) },
  click_outs_source_valid: { fields: ["source"], says: oneOf(CLICK_OUT_SOURCES) },
  click_outs_count_positive: { fields: ["count"], says: "must be at least 1" },
  newsletters_status_valid: { fields: ["status"], says: oneOf(NEWSLETTER_STATUSES) },
  newsletters_subject_not_blank: { fields: ["subject"], says: "is required" },
  newsletters_scheduled_dated: {
    fields: ["scheduledFor"],
    label: "send time",
    says: "is required for a newsletter that is scheduled or sent",
  },
  prices_confirmed_by_valid: { fields: ["confirmedBy"], label: "confirmed by", says: oneOf(PRICE_SOURCES) },
  pharmacy_feeds_format_valid: { fields: ["format"], says: oneOf(FEED_FORMATS) },
  pharmacy_feeds_runs_per_day_valid: {
    fields: ["runsPerDay"],
    label: "runs a day",
    says: "must be 1, 2, 4, 6, 12 or 24",
  },
  pharmacy_feeds_start_minute_range: {
    fields: ["startMinute"],
    label: "first run",
    says: "must be a minute of the day (0 to 1439)",
  },
  pharmacy_feeds_header_pair: {
    fields: ["header"],
    label: "request header",
    says: "needs both a name and a value, or neither",
  },
  feed_held_rows_status_valid: { fields: ["status"], says: oneOf(FEED_HELD_STATUSES) },
  feed_held_rows_new_price_positive: {
    fields: ["newPrice"],
    label: "new price",
    says: "must be more than 0",
  },
  feed_held_rows_new_introductory_terms_valid: {
    fields: ["newIntroductoryTerms"],
    label: "introductory terms",
    says: oneOf(INTRODUCTORY_TERMS),
  },
  nhs_charges_kind_valid: { fields: ["kind"], says: oneOf(NHS_CHARGE_KINDS) },
  nhs_charges_amount_non_negative: { fields: ["amount"], says: "must not be negative" },
  nhs_charges_source_https: { fields: ["sourceUrl"], label: "source", says: "must start with https://" },
  medication_events_kind_valid: { fields: ["kind"], says: oneOf(MEDICATION_EVENT_KINDS) },
  medication_events_summary_not_blank: { fields: ["summary"], says: "must not be blank" },
  medication_events_source_https: {
    fields: ["sourceUrl"],
    label: "source",
    says: "must start with https://",
  },
  supply_notices_message_not_blank: { fields: ["message"], says: "must not be blank" },
  supply_notices_source_https: { fields: ["sourceUrl"], label: "source", says: "must start with https://" },
  supply_notices_ends_after_start: { fields: ["endsAt"], label: "end", says: "must be after the start" },
  price_index_months_first_day: { fields: ["month"], says: "must be the first day of a month" },
  price_index_months_median_positive: { fields: ["medianLowest"], says: "must be more than 0" },
  price_index_months_counts_positive: {
    fields: ["days", "pharmacies"],
    says: "must each be at least 1",
  },
  api_keys_name_not_blank: { fields: ["name"], says: "must not be blank" },
  api_keys_quotas_positive: {
    fields: ["perMinute", "perDay"],
    says: "must be at least 1 a minute, and a day's at least a minute's",
  },
  api_key_usage_counts_non_negative: { fields: ["answered", "refused"], says: "must not be negative" },
  public_data_changes_tags_not_empty: { fields: ["tags"], says: "must name at least one tag" },
  cache_purges_target_not_blank: { fields: ["target"], says: "must not be blank" },
  cache_purges_tags_not_empty: { fields: ["tags"], says: "must name at least one tag" },
  cache_purges_attempts_non_negative: { fields: ["attempts"], says: "must not be negative" },
  email_links_kind_valid: {
    fields: ["stopsKind"],
    label: "kind of email",
    says: `must be one of ${NEWS_KINDS.join(", ")}, on a subscription's link`,
  },
};

const fieldsSaying = (names: string[], says: string) => Object.fromEntries(names.map((name) => [name, says]));

/** 23505: the row would repeat a unique key. */
function uniqueRefusal(failure: ConstraintFailure): Refusal {
  const { one } = nounOf(failure.table);
  const columns = keyColumns(failure.detail);
  if (columns.length === 0) return refuse(409, `This ${one} already exists.`, { code: "conflict" });
  const article = /^[aeiou]/.test(one) ? "An" : "A";
  const says = columns.length === 1 ? "is already taken" : "this combination is already taken";
  return refuse(409, `${article} ${one} with this ${listed(columns.map(columnWords))} already exists.`, {
    code: "conflict",
    fields: fieldsSaying(columns.map(camelCase), says),
  });
}

/** 23503 (or 23001, ON DELETE RESTRICT): a reference that would dangle, from either end. */
function foreignKeyRefusal(failure: ConstraintFailure, method: string): Refusal {
  const parentTable = /^update or delete on table "([^"]+)"/.exec(failure.message)?.[1];
  if (parentTable) {
    // The parent is what the request tried to remove (or re-key); `table` is what refers to it.
    const verb = method === "DELETE" ? "deleted" : "changed";
    return refuse(
      409,
      `This ${nounOf(parentTable).one} cannot be ${verb}: ${nounOf(failure.table).many} still refer to it.`,
      { code: "still_referenced" },
    );
  }
  // Read from the end: the referenced table follows the values in the detail.
  const referenced = /is not present in table "([^"]+)"\.?$/.exec(failure.detail ?? "")?.[1];
  const columns = keyColumns(failure.detail);
  if (!referenced || columns.length === 0) {
    return refuse(400, `This ${nounOf(failure.table).one} refers to something that does not exist.`, {
      code: "invalid_request",
    });
  }
  const target = `an existing ${nounOf(referenced).one}`;
  const subject = listed(columns.map(columnWords));
  const sentence =
    columns.length === 1
      ? `The ${subject} does not refer to ${target}.`
      : `The ${subject} together do not refer to ${target}.`;
  return refuse(400, sentence, {
    code: "invalid_request",
    fields: fieldsSaying(
      columns.map(camelCase),
      columns.length === 1
        ? `does not refer to ${target}`
        : `together with the others does not refer to ${target}`,
    ),
  });
}

/** 23514: a CHECK constraint, named by its rule. */
function checkRefusal(failure: ConstraintFailure): Refusal {
  const { one } = nounOf(failure.table);
  const rule = failure.constraint ? CHECK_RULES[failure.constraint] : undefined;
  if (!rule) {
    const prefix = failure.table ? `${failure.table}_` : "";
    const name = (failure.constraint ?? "").replace(prefix, "").replaceAll("_", " ").trim();
    return refuse(400, name ? `This ${one} breaks the rule "${name}".` : `This ${one} breaks a rule.`, {
      code: "rule_violated",
    });
  }
  const label = rule.label ?? listed(rule.fields.map(fieldWords));
  return refuse(400, `This ${one} breaks a rule: ${label} ${rule.says}.`, {
    code: "rule_violated",
    fields: fieldsSaying(rule.fields, rule.says),
  });
}

/** 23502: a required column left empty. */
function notNullRefusal(failure: ConstraintFailure): Refusal {
  const { one } = nounOf(failure.table);
  if (!failure.column) return refuse(400, `This ${one} lacks a required value.`, { code: "invalid_request" });
  const words = columnWords(failure.column);
  return refuse(400, `The ${one}'s ${words} is required.`, {
    code: "invalid_request",
    fields: { [camelCase(failure.column)]: "is required" },
  });
}

/**
 * The refusal for a constraint failure, or undefined when the failure is not one (the caller
 * answers 500). `method` tells a refused delete from a refused update.
 */
export function constraintRefusal(failure: ConstraintFailure, method: string): Refusal | undefined {
  switch (failure.code) {
    case "23505":
      return uniqueRefusal(failure);
    case "23503": // foreign_key_violation
    case "23001": // restrict_violation: ON DELETE RESTRICT
      return foreignKeyRefusal(failure, method);
    case "23514":
      return checkRefusal(failure);
    case "23502":
      return notNullRefusal(failure);
    case "22003":
      return refuse(400, "A number is too large to store.", { code: "invalid_request" });
    default:
      return undefined;
  }
}
