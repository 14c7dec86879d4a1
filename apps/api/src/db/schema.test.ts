import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  ADMIN_MESSAGE_CATEGORIES,
  ADMIN_ROLES,
  BLOG_CATEGORIES,
  CONSENT_EVENT_KINDS,
  CONTACT_STATUSES,
  CONTACT_SUBJECTS,
  DELIVERY_OPTIONS,
  EMAIL_LINK_PURPOSES,
  FEED_FORMATS,
  FEED_HELD_STATUSES,
  LEGAL_CATEGORY_IDS,
  MEDICATION_FORMS,
  NEWS_KINDS,
  NEWSLETTER_STATUSES,
  OUTBOX_STATUSES,
  PRICE_ALERT_KINDS,
  PRICE_ALERT_STATUSES,
  PRICE_SOURCES,
  SUBSCRIPTION_SOURCES,
  SUBSCRIPTION_STATUSES,
} from "@pharmacompare/contract";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "./client.ts";

/** Every committed migration, oldest first, as one text. */
const migrations = readdirSync(migrationsFolder)
  .filter((name) => name.endsWith(".sql"))
  .sort()
  .map((name) => readFileSync(path.join(migrationsFolder, name), "utf8"))
  .join("\n");

/** The quoted values of the newest definition of a CHECK constraint. */
function listedIn(constraint: string): string[] {
  // In a CREATE TABLE (ending "," or ")") or an ALTER TABLE (ending ";"), one per line.
  const definition = new RegExp(`"${constraint}" CHECK \\((.*)\\)[,;]?(?:--> statement-breakpoint)?$`, "gm");
  const definitions = [...migrations.matchAll(definition)];
  const latest = definitions.at(-1)?.[1] ?? "";
  return [...latest.matchAll(/'((?:[^']|'')*)'/g)].map((match) => (match[1] ?? "").replaceAll("''", "'"));
}

// schema.ts takes these lists from the contract; a change there needs a new migration too.
const lists: [constraint: string, list: readonly string[], name: string][] = [
  ["medications_form_valid", MEDICATION_FORMS, "MEDICATION_FORMS"],
  ["medications_legal_category_valid", LEGAL_CATEGORY_IDS, "LEGAL_CATEGORY_IDS"],
  ["pharmacies_delivery_options_valid", DELIVERY_OPTIONS, "DELIVERY_OPTIONS"],
  ["admin_users_role_valid", ADMIN_ROLES, "ADMIN_ROLES"],
  ["admin_messages_category_valid", ADMIN_MESSAGE_CATEGORIES, "ADMIN_MESSAGE_CATEGORIES"],
  ["contacts_subject_valid", CONTACT_SUBJECTS, "CONTACT_SUBJECTS"],
  ["contacts_status_valid", CONTACT_STATUSES, "CONTACT_STATUSES"],
  ["price_alerts_status_valid", PRICE_ALERT_STATUSES, "PRICE_ALERT_STATUSES"],
  ["price_alerts_kind_valid", PRICE_ALERT_KINDS, "PRICE_ALERT_KINDS"],
  ["subscriptions_status_valid", SUBSCRIPTION_STATUSES, "SUBSCRIPTION_STATUSES"],
  ["subscriptions_source_valid", SUBSCRIPTION_SOURCES, "SUBSCRIPTION_SOURCES"],
  ["blog_posts_category_valid", BLOG_CATEGORIES, "BLOG_CATEGORIES"],
  ["email_outbox_status_valid", OUTBOX_STATUSES, "OUTBOX_STATUSES"],
  ["email_links_purpose_valid", EMAIL_LINK_PURPOSES, "EMAIL_LINK_PURPOSES"],
  ["consent_events_kind_valid", CONSENT_EVENT_KINDS, "CONSENT_EVENT_KINDS"],
  ["newsletters_status_valid", NEWSLETTER_STATUSES, "NEWSLETTER_STATUSES"],
  ["email_links_kind_valid", NEWS_KINDS, "NEWS_KINDS"],
  ["prices_confirmed_by_valid", PRICE_SOURCES, "PRICE_SOURCES"],
  ["pharmacy_feeds_format_valid", FEED_FORMATS, "FEED_FORMATS"],
  ["feed_held_rows_status_valid", FEED_HELD_STATUSES, "FEED_HELD_STATUSES"],
];

describe("the migrations' lists match the contract", () => {
  it.each(lists)("%s: %s", (constraint, list) => {
    expect(listedIn(constraint)).toEqual([...list]);
  });
});
