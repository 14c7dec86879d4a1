import { formatPounds, type LegalCategoryId } from "@pharmacompare/contract";
import {
  type Block,
  downFrom,
  type EmailLinks,
  type RenderedEmail,
  render,
  SITE_NAME,
} from "../../email/templates.ts";

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
  secondary: true,
});

/** What the subscriber follows, as the email's "why" line names it. */
export type Followed = { all: true } | { all: false; conditionNames: string[] };

/** The comparison of a condition; with a medication that may be named (never a POM), that one and its dosage. */
function comparisonUrl(
  siteUrl: string,
  conditionId: string,
  named?: { medicationName: string; dosage?: string },
): string {
  const base = `${siteUrl}/condition/${encodeURIComponent(conditionId)}`;
  if (!named) return base;
  const query = new URLSearchParams({ medication: named.medicationName });
  if (named.dosage) query.set("dosage", named.dosage);
  return `${base}?${query}`;
}

const isPrescriptionOnly = (item: { legalCategory: LegalCategoryId }) =>
  item.legalCategory !== "P" && item.legalCategory !== "GSL";
const pairKey = (fall: PriceFall) => `${fall.medicationId}|${fall.dosage}`;

/** One condition's news: its falls, new lows and new medications, each medication and dosage once. */
interface ConditionNews {
  id: string;
  name: string;
  /** Price changes by medication and dosage: a fall, a new low, or both (one line, never two). */
  changes: Map<string, { fall: PriceFall; low: boolean; fell: boolean }>;
  added: NewMedication[];
}

/** What happened, grouped by condition, conditions in the order of their first news. */
function byCondition(
  falls: PriceFall[],
  lows: PriceFall[] = [],
  added: NewMedication[] = [],
): ConditionNews[] {
  const groups = new Map<string, ConditionNews>();
  const groupOf = (id: string, name: string) => {
    let group = groups.get(id);
    if (!group) {
      group = { id, name, changes: new Map(), added: [] };
      groups.set(id, group);
    }
    return group;
  };
  for (const fall of falls) {
    const change = groupOf(fall.conditionId, fall.conditionName).changes;
    change.set(pairKey(fall), { fall, low: false, fell: true });
  }
  for (const low of lows) {
    const change = groupOf(low.conditionId, low.conditionName).changes;
    const known = change.get(pairKey(low));
    if (known) known.low = true;
    else change.set(pairKey(low), { fall: low, low: true, fell: false });
  }
  for (const medication of added)
    groupOf(medication.conditionId, medication.conditionName).added.push(medication);
  return [...groups.values()];
}

/** "£8.99, down £3.00 (25%) from £11.99, the lowest we have recorded": to what, by how much. */
function changeLine(change: { fall: PriceFall; low: boolean; fell: boolean }): string {
  const { fall } = change;
  const parts = [formatPounds(fall.after)];
  if (change.fell || fall.before > fall.after) parts.push(downFrom(fall.before, fall.after));
  if (change.low) parts.push("the lowest we have recorded");
  return parts.join(", ");
}

/** "Acnecide Wash and Quinoderm Cream": names in a sentence. */
function listed(names: string[]): string {
  return names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * The blocks of one condition: its title, a line per medicine that may be named, one sentence for
 * its prescription-only ones (never named or priced, decision 038), one line for what is new ("3 new
 * treatments for Acne"), and one link to its comparison.
 */
function conditionBlocks(siteUrl: string, news: ConditionNews): Block[] {
  const changes = [...news.changes.values()];
  const named = changes.filter((change) => !isPrescriptionOnly(change.fall));
  const prescriptionOnly = changes.filter((change) => isPrescriptionOnly(change.fall));
  const blocks: Block[] = [{ kind: "heading", text: news.name }];
  if (named.length > 0) {
    blocks.push({
      kind: "facts",
      rows: named.map((change) => [
        `${change.fall.medicationName} ${change.fall.dosage}`,
        changeLine(change),
      ]),
    });
  }
  if (prescriptionOnly.length > 0) {
    const lows = prescriptionOnly.filter((change) => change.low).length;
    const lowest =
      lows === 0
        ? ""
        : prescriptionOnly.length === 1
          ? " to the lowest we have recorded"
          : lows === prescriptionOnly.length
            ? ", each to the lowest we have recorded"
            : `, ${lows} of them to the lowest we have recorded`;
    blocks.push({
      kind: "paragraph",
      text:
        prescriptionOnly.length === 1
          ? `The lowest price of a prescription-only treatment for ${news.name} fell${lowest}. Its price is on the comparison; a prescriber at the pharmacy decides whether a treatment is suitable.`
          : `The lowest prices of ${prescriptionOnly.length} prescription-only treatments for ${news.name} fell${lowest}. Their prices are on the comparison; a prescriber at the pharmacy decides whether a treatment is suitable.`,
    });
  }
  if (news.added.length > 0) {
    const names = news.added
      .filter((medication) => !isPrescriptionOnly(medication))
      .map((each) => each.medicationName);
    const count = news.added.length;
    const head =
      count === 1 ? `A new treatment for ${news.name}` : `${count} new treatments for ${news.name}`;
    const which =
      names.length === 0
        ? ""
        : names.length === count
          ? `: ${listed(names)}`
          : `, among them ${listed(names)}`;
    blocks.push({ kind: "paragraph", text: `${head}${which}.` });
  }
  // One link: to the one medicine and dosage when that is all the news, else to the condition.
  const [onlyChange] = changes;
  const only =
    changes.length === 1 && news.added.length === 0 && onlyChange && !isPrescriptionOnly(onlyChange.fall)
      ? onlyChange.fall
      : changes.length === 0 && news.added.length === 1 && news.added[0] && !isPrescriptionOnly(news.added[0])
        ? news.added[0]
        : undefined;
  blocks.push({
    kind: "button",
    label: `Compare prices for ${news.name}`,
    href: comparisonUrl(siteUrl, news.id, only),
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
      ? `Price drops in ${groups[0]?.name}`
      : `Price drops in ${groups.length} conditions you follow`;
  return render(
    subject,
    [
      {
        kind: "paragraph",
        text: `These lowest prices fell by ${context.percent}% or more in the last day. Prices change often, so check the price on the pharmacy's website before you buy.`,
      },
      ...groups.flatMap((group) => conditionBlocks(context.siteUrl, group)),
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

/**
 * The week's articles as links. Those whose title names a prescription-only medicine are counted
 * by category, not listed ("2 new articles in Weight Loss", once, to the blog): listing each as
 * "A new article in Weight Loss" said the same line twice.
 */
function articleLinks(siteUrl: string, articles: NewArticle[]): Block {
  const unnamed = new Map<string, number>();
  const items: { label: string; href: string }[] = [];
  for (const article of articles) {
    if (article.title && article.slug) {
      items.push({ label: article.title, href: `${siteUrl}/blog/${encodeURIComponent(article.slug)}` });
    } else unnamed.set(article.category, (unnamed.get(article.category) ?? 0) + 1);
  }
  for (const [category, count] of unnamed) {
    items.push({
      label: count === 1 ? `A new article in ${category}` : `${count} new articles in ${category}`,
      href: `${siteUrl}/blog`,
    });
  }
  return { kind: "links", items };
}

/**
 * Monday's digest of the week in what one subscriber follows (issue 28), grouped by condition
 * (issue 41): each condition is a section of its own with its price changes (a fall that is also a
 * new low is one line), what is new there, and one link; then the week's articles.
 */
export function weeklyDigestEmail(
  digest: WeeklyDigest,
  context: { siteUrl: string; followed: Followed },
  links: NewsLinks,
): RenderedEmail {
  const blocks: Block[] = [
    {
      kind: "paragraph",
      text: "Here is what changed on PharmaCompare this week in the conditions you follow. Prices change often, so check the price on the pharmacy's website before you buy.",
    },
    ...byCondition(digest.falls, digest.newLows, digest.medications).flatMap((news) =>
      conditionBlocks(context.siteUrl, news),
    ),
  ];
  if (digest.articles.length > 0) {
    blocks.push({ kind: "heading", text: "New articles" }, articleLinks(context.siteUrl, digest.articles));
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
      ...byCondition([], [], added).flatMap((news) => conditionBlocks(context.siteUrl, news)),
      manageBlock(links),
    ],
    whyLine("new medications", context.followed),
    links,
  );
}
