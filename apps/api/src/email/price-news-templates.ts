import { formatPounds, type LegalCategoryId } from "@pharmacompare/contract";
import { type Block, type EmailLinks, type RenderedEmail, render, SITE_NAME } from "./templates.ts";

/**
 * Price news to subscribers (issue 28, decision 038). It is marketing, and the UK forbids
 * advertising prescription-only medicines to the public (Human Medicines Regulations 2012
 * reg. 284, CAP Code 12.12): a POM is never named, priced or linked by name here. Its change says
 * which condition it treats and links to that condition's comparison, where the price and the name
 * stand beside the prescriber's decision (docs/compliance.md). Subjects name conditions only.
 */

/** One medication and dosage whose lowest in-stock price fell over the period. */
export interface PriceFall {
  medicationId: string;
  medicationName: string;
  dosage: string;
  legalCategory: LegalCategoryId;
  conditionId: string;
  conditionName: string;
  before: number;
  after: number;
}

/** A price-news email's links: unsubscribe, and the manage-my-emails page (the same secret). */
export type NewsLinks = EmailLinks & { manage: string };

/** The last block of every price-news email: where to change what it sends. */
export const manageBlock = (links: NewsLinks): Block => ({
  kind: "button",
  label: "Manage my emails",
  href: links.manage,
});

/** What the subscriber follows, as the email's "why" line names it. */
export type Followed = { all: true } | { all: false; conditionNames: string[] };

const percentLess = (fall: PriceFall) => Math.round(((fall.before - fall.after) / fall.before) * 100);

/** The comparison of a condition, chosen for a medication that may be named (never a POM). */
function comparisonUrl(siteUrl: string, fall: PriceFall, nameIt: boolean): string {
  const base = `${siteUrl}/condition/${encodeURIComponent(fall.conditionId)}`;
  return nameIt ? `${base}?${new URLSearchParams({ medication: fall.medicationName })}` : base;
}

/** Falls grouped by condition, conditions in the order of their first fall. */
function byCondition(falls: PriceFall[]): PriceFall[][] {
  const groups = new Map<string, PriceFall[]>();
  for (const fall of falls) {
    const group = groups.get(fall.conditionId) ?? [];
    group.push(fall);
    groups.set(fall.conditionId, group);
  }
  return [...groups.values()];
}

/** The blocks of one condition's falls: medicines that may be named, then the POMs as one line. */
function conditionFallBlocks(siteUrl: string, falls: PriceFall[]): Block[] {
  const first = falls[0];
  if (!first) return [];
  const named = falls.filter((fall) => fall.legalCategory !== "POM");
  const prescriptionOnly = falls.length - named.length;
  const blocks: Block[] = [{ kind: "paragraph", text: first.conditionName }];
  if (named.length > 0) {
    blocks.push({
      kind: "facts",
      rows: named.map((fall) => [
        `${fall.medicationName} ${fall.dosage}`,
        `${formatPounds(fall.after)}, down from ${formatPounds(fall.before)} (${percentLess(fall)}% less)`,
      ]),
    });
  }
  if (prescriptionOnly > 0) {
    blocks.push({
      kind: "paragraph",
      text:
        prescriptionOnly === 1
          ? `The lowest price of a prescription-only treatment for ${first.conditionName} fell. Its price is on the comparison; a prescriber at the pharmacy decides whether a treatment is suitable.`
          : `The lowest prices of ${prescriptionOnly} prescription-only treatments for ${first.conditionName} fell. Their prices are on the comparison; a prescriber at the pharmacy decides whether a treatment is suitable.`,
    });
  }
  const onlyNamed = named.length === 1 && prescriptionOnly === 0 ? named[0] : undefined;
  blocks.push({
    kind: "button",
    label: `Compare prices for ${first.conditionName}`,
    href: onlyNamed ? comparisonUrl(siteUrl, onlyNamed, true) : comparisonUrl(siteUrl, first, false),
  });
  return blocks;
}

/** The line that says why the email came: the interest, and what the subscriber follows. */
export function whyLine(interest: string, followed: Followed): string {
  const scope = followed.all
    ? "for every condition"
    : `for ${followed.conditionNames.join(", ") || "the conditions you chose"}`;
  return `You're getting this email because you subscribed to ${interest} ${scope} on ${SITE_NAME} and confirmed your address.`;
}

/** The day's price drops in what one subscriber follows: one email a day at most. */
export function subscriberPriceDropsEmail(
  falls: PriceFall[],
  context: { siteUrl: string; followed: Followed; percent: number },
  links: NewsLinks,
): RenderedEmail {
  const groups = byCondition(falls);
  const subject =
    groups.length === 1
      ? `Price drops in ${groups[0]?.[0]?.conditionName}`
      : `Price drops in ${groups.length} conditions you follow`;
  return render(
    subject,
    [
      {
        kind: "paragraph",
        text: `These lowest prices fell by ${context.percent}% or more in the last day. Prices change often, so check the price on the pharmacy's website before you buy.`,
      },
      ...groups.flatMap((group) => conditionFallBlocks(context.siteUrl, group)),
      manageBlock(links),
    ],
    whyLine("price drops", context.followed),
    links,
  );
}

/** A medication first listed in the period. */
export interface NewMedication {
  medicationId: string;
  medicationName: string;
  legalCategory: LegalCategoryId;
  conditionId: string;
  conditionName: string;
}

/** An article published in the period; title and slug are null when either names a prescription-only medicine. */
export interface NewArticle {
  slug: string | null;
  title: string | null;
  category: string;
}

export interface WeeklyDigest {
  /** The largest falls, largest share first. */
  falls: PriceFall[];
  /** Lowest prices below any recorded before the week. */
  newLows: PriceFall[];
  medications: NewMedication[];
  articles: NewArticle[];
}

/** Nothing happened in what the subscriber follows: no email (an empty week sends nothing). */
export const isEmptyDigest = (digest: WeeklyDigest) =>
  digest.falls.length + digest.newLows.length + digest.medications.length + digest.articles.length === 0;

function newLowBlocks(siteUrl: string, lows: PriceFall[]): Block[] {
  return byCondition(lows).flatMap((group) => {
    const first = group[0] as PriceFall;
    const named = group.filter((low) => low.legalCategory !== "POM");
    const blocks: Block[] = [];
    if (named.length > 0) {
      blocks.push({
        kind: "facts",
        rows: named.map((low) => [
          `${low.medicationName} ${low.dosage}`,
          `${formatPounds(low.after)}, the lowest we have recorded`,
        ]),
      });
    }
    if (named.length < group.length) {
      blocks.push({
        kind: "paragraph",
        text: `A prescription-only treatment for ${first.conditionName} is at the lowest price we have recorded. Its price is on the comparison; a prescriber at the pharmacy decides whether a treatment is suitable.`,
      });
    }
    blocks.push({
      kind: "button",
      label: `Compare prices for ${first.conditionName}`,
      href: comparisonUrl(siteUrl, first, false),
    });
    return blocks;
  });
}

function newMedicationBlocks(siteUrl: string, added: NewMedication[]): Block[] {
  return added.map((medication) => {
    const conditionUrl = `${siteUrl}/condition/${encodeURIComponent(medication.conditionId)}`;
    return medication.legalCategory === "POM"
      ? {
          kind: "button" as const,
          label: `A new prescription-only treatment for ${medication.conditionName}: compare prices`,
          href: conditionUrl,
        }
      : {
          kind: "button" as const,
          label: `New for ${medication.conditionName}: ${medication.medicationName}`,
          href: `${conditionUrl}?${new URLSearchParams({ medication: medication.medicationName })}`,
        };
  });
}

/** Monday's digest of the week in what one subscriber follows (issue 28). */
export function weeklyDigestEmail(
  digest: WeeklyDigest,
  context: { siteUrl: string; followed: Followed },
  links: NewsLinks,
): RenderedEmail {
  const blocks: Block[] = [
    {
      kind: "paragraph",
      text: "Here is what changed on PharmaCompare this week. Prices change often, so check the price on the pharmacy's website before you buy.",
    },
  ];
  if (digest.falls.length > 0) {
    blocks.push({ kind: "paragraph", text: "The week's largest price falls" });
    for (const group of byCondition(digest.falls))
      blocks.push(...conditionFallBlocks(context.siteUrl, group));
  }
  if (digest.newLows.length > 0) {
    blocks.push({ kind: "paragraph", text: "New lowest prices" });
    blocks.push(...newLowBlocks(context.siteUrl, digest.newLows));
  }
  if (digest.medications.length > 0) {
    blocks.push({ kind: "paragraph", text: "New on PharmaCompare" });
    blocks.push(...newMedicationBlocks(context.siteUrl, digest.medications));
  }
  if (digest.articles.length > 0) {
    blocks.push({ kind: "paragraph", text: "New articles" });
    for (const article of digest.articles) {
      blocks.push({
        kind: "button",
        label: article.title ?? `A new article in ${article.category}`,
        href: article.slug
          ? `${context.siteUrl}/blog/${encodeURIComponent(article.slug)}`
          : `${context.siteUrl}/blog`,
      });
    }
  }
  blocks.push(manageBlock(links));
  return render(
    `Your weekly ${SITE_NAME} digest`,
    blocks,
    whyLine("the weekly digest", context.followed),
    links,
  );
}

/** The week's new medications, for a subscriber who chose them but not the digest. */
export function newMedicationsEmail(
  added: NewMedication[],
  context: { siteUrl: string; followed: Followed },
  links: NewsLinks,
): RenderedEmail {
  return render(
    `New on ${SITE_NAME} this week`,
    [
      { kind: "paragraph", text: "These treatments were added to PharmaCompare's comparisons this week." },
      ...newMedicationBlocks(context.siteUrl, added),
      manageBlock(links),
    ],
    whyLine("new medications", context.followed),
    links,
  );
}
