import {
  alertWatches,
  type ContactSubjectValue,
  contactMessages,
  contactSubjectLabels,
  formatLongDate,
  formatPounds,
  type PriceAlertKind,
  type SubscriptionPreferences,
  type SupplyNotice,
  supplyNoticeHeading,
  supplyNoticeSource,
  toPence,
} from "@pharmacompare/contract";

/**
 * The emails we send, each as a subject, a plain-text body and an HTML body built from the same
 * blocks, so the two always say the same. en-GB; money and dates through the contract's one
 * formatter. Every value is escaped in the HTML. Every email ends with its unsubscribe link.
 */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** The links an email carries (built by the outbox service from SITE_URL and API_URL). */
export interface EmailLinks {
  /** SITE_URL/unsubscribe?token=… : the page a person opens. */
  unsubscribe: string;
}

export type Block =
  | { kind: "paragraph"; text: string }
  /**
   * A section's title (issue 41): a real heading in the HTML, so a screen reader can move between
   * sections and a mail client shows them as titles; a line of its own in the text part.
   */
  | { kind: "heading"; text: string; level?: 2 | 3 }
  | { kind: "facts"; rows: [label: string, value: string][] }
  /** The email's action; `secondary` for where to change what it sends (drawn quieter). */
  | { kind: "button"; label: string; href: string; secondary?: boolean }
  /** Several links of equal weight (a digest's articles): a list, not a stack of buttons. */
  | { kind: "links"; items: { label: string; href: string }[] }
  /**
   * Staff-written markdown (a newsletter, decision 041): `html` is what the one safe renderer made
   * of it (`@pharmacompare/safe-markdown`), `text` the same content as plain text from that
   * renderer's text form (`markdownText`), never the markdown as written.
   */
  | { kind: "markdown"; text: string; html: string };

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Every value that reaches HTML goes through this. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

export const SITE_NAME = "PharmaCompare";

const BRAND = "#1d4ed8";
const INK = "#0f172a";

/**
 * A button as mail clients draw one reliably (issue 41): a table of its own, one per row, the link
 * a block inside its cell. The whole cell is the coloured box, so a label that wraps makes the box
 * taller instead of painting its second line over the first (an inline link's padding did that,
 * and over the next button). Narrow screens widen it to the full width (the style in the head;
 * a client that drops that style keeps a button as wide as its label).
 */
function buttonHtml(label: string, href: string, secondary = false): string {
  const cell = secondary
    ? `border:1px solid ${BRAND};border-radius:6px;background:#ffffff`
    : `border-radius:6px;background:${BRAND}`;
  const colour = secondary ? BRAND : "#ffffff";
  return `<table role="presentation" class="pc-button" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;border-collapse:separate"><tr><td style="${cell}"><a href="${escapeHtml(href)}" style="display:block;padding:12px 20px;border-radius:6px;color:${colour};text-decoration:none;font-weight:600;line-height:1.4">${escapeHtml(label)}</a></td></tr></table>`;
}

/**
 * The plain-text part, for clients that show no HTML and for readers who prefer text: section
 * titles in capitals on a line of their own, each link as its words then its address.
 */
function blockText(block: Block): string {
  switch (block.kind) {
    case "paragraph":
      return block.text;
    case "heading":
      return (block.level ?? 2) === 2 ? block.text.toLocaleUpperCase("en-GB") : block.text;
    case "facts":
      return block.rows.map(([label, value]) => `${label}: ${value}`).join("\n");
    case "markdown":
      return block.text;
    case "links":
      return block.items.map((item) => `${item.label}:\n${item.href}`).join("\n\n");
    default:
      return `${block.label}:\n${block.href}`;
  }
}

function blockHtml(block: Block): string {
  switch (block.kind) {
    case "paragraph":
      return `<p style="margin:0 0 16px">${escapeHtml(block.text)}</p>`;
    case "heading":
      return (block.level ?? 2) === 2
        ? `<h2 style="margin:32px 0 12px;font-size:20px;line-height:1.3;font-weight:700;color:${INK}">${escapeHtml(block.text)}</h2>`
        : `<h3 style="margin:24px 0 8px;font-size:17px;line-height:1.3;font-weight:700;color:${INK}">${escapeHtml(block.text)}</h3>`;
    case "facts":
      return `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${block.rows
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:4px 16px 4px 0;font-weight:600">${escapeHtml(label)}</th><td style="vertical-align:top;padding:4px 0">${escapeHtml(value)}</td></tr>`,
        )
        .join("")}</table>`;
    case "links":
      return `<ul style="margin:0 0 16px;padding:0 0 0 20px">${block.items
        .map(
          (item) =>
            `<li style="margin:0 0 8px"><a href="${escapeHtml(item.href)}" style="color:${BRAND};font-weight:600">${escapeHtml(item.label)}</a></li>`,
        )
        .join("")}</ul>`;
    case "markdown":
      // Staff markdown comes without inline styles: the head's .pc-markdown rules dress it.
      return `<div class="pc-markdown" style="margin:0 0 16px">${block.html}</div>`;
    default:
      return buttonHtml(block.label, block.href, block.secondary);
  }
}

/**
 * One email from its blocks. `links` null: mail that is not a subscription (the operations
 * alert) has no unsubscribe link; its footer says how to change where it goes instead.
 */
export function render(
  subject: string,
  blocks: Block[],
  footer: string,
  links: EmailLinks | null,
): RenderedEmail {
  const text = [
    ...blocks.map(blockText),
    "--",
    links ? `${footer}\nUnsubscribe: ${links.unsubscribe}` : footer,
  ].join("\n\n");

  const body = blocks.map(blockHtml).join("\n");
  const unsubscribeLink = links
    ? ` <a href="${escapeHtml(links.unsubscribe)}" style="color:#475569">Unsubscribe</a>`
    : "";
  const html = `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title>
<style>.pc-markdown h1,.pc-markdown h2{margin:24px 0 12px;font-size:20px;line-height:1.3}.pc-markdown h3,.pc-markdown h4{margin:20px 0 8px;font-size:17px;line-height:1.3}.pc-markdown a{color:${BRAND}}.pc-markdown blockquote{margin:0 0 16px;padding:0 0 0 12px;border-left:3px solid #cbd5e1;color:#334155}@media (max-width:480px){.pc-outer{padding:12px 8px!important}.pc-card{padding:20px 16px!important}.pc-button{width:100%!important}}</style></head>
<body style="margin:0;padding:0;background:#f8fafc">
<div class="pc-outer" style="padding:24px;font-family:Arial,Helvetica,sans-serif;color:${INK};line-height:1.5;font-size:16px">
<div class="pc-card" style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px;overflow-wrap:break-word;word-break:break-word">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:${BRAND}">${SITE_NAME}</p>
${body}
<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0">
<p style="margin:0;font-size:13px;color:#475569">${escapeHtml(footer)}${unsubscribeLink}</p>
</div>
</div>
</body>
</html>
`;
  return { subject, text, html };
}

const medicationLabel = (medicationName: string, dosage: string) => `${medicationName} ${dosage}`;

/**
 * By how much a price fell, in pounds and as a share of what it was: "£3.00 (8%)". Worked in
 * pence, so £11.99 − £8.99 is £3.00 and not £2.9999…; a fall under half a per cent reads "under 1%".
 */
export function fallBy(before: number, after: number): string {
  const pence = toPence(before) - toPence(after);
  const percent = Math.round((pence / toPence(before)) * 100);
  return `${formatPounds(pence / 100)} (${percent < 1 ? "under 1" : percent}%)`;
}

/** "down £3.00 (8%) from £11.99": by how much and from what; the caller says to what. */
export const downFrom = (before: number, after: number) =>
  `down ${fallBy(before, after)} from ${formatPounds(before)}`;

/**
 * The caution under an alert's news. An alert names the medicine it watches, prescription-only ones
 * too: the person asked for that fact (decision 040). For a prescription-only medicine it is a fact
 * and nothing more: no "before you buy", and a word that a prescriber decides.
 */
const alertCaution = (prescriptionOnly: boolean) =>
  prescriptionOnly
    ? "Prices change often, so check the price on the pharmacy's website. A prescriber at the pharmacy decides whether a prescription-only medicine is suitable for you."
    : "Prices change often, so check the price on the pharmacy's website before you buy.";

/*
 * No subject names a medication (decision 040): a subject is read on lock screens and in inbox lists
 * by whoever is near, and it shows which treatment the person looks at (UK GDPR Art. 9); and for a
 * prescription-only medicine a subject is a promoting surface (HMR 2012 reg. 284, docs/compliance.md).
 * The body, opened by the person who asked for it, names it as a fact.
 */

/**
 * What a confirmation asks for: a new alert or subscription, or a change to one the address had
 * confirmed, which waits for this email (decision 031).
 */
export type ConfirmationKind = "new" | "change";

/** What an alert's emails say it watches (decision 043). */
const WATCHES = "What this alert watches";

/** The manage page's link, in every alert email (decision 043): every alert of the address, no account. */
const manageButton = (manage: string): Block => ({
  kind: "button",
  label: "Manage my alerts",
  href: manage,
  secondary: true,
});

/**
 * The supply notices active for the alert's medication and dosage when it fired (decision 060):
 * each as a titled section with its message and its source as a link (the address in the text
 * part), after the news and before the action, so a visitor weighs it before following the price.
 */
function supplyNoticeBlocks(notices: readonly SupplyNotice[] | undefined): Block[] {
  if (!notices || notices.length === 0) return [];
  return [
    { kind: "heading", text: supplyNoticeHeading(notices.length), level: 3 },
    ...notices.flatMap((notice): Block[] => [
      { kind: "paragraph", text: notice.message },
      { kind: "links", items: [{ label: supplyNoticeSource(notice), href: notice.sourceUrl }] },
    ]),
  ];
}

/** What each kind's confirmation promises, once confirmed. */
const ONCE_CONFIRMED: Record<Exclude<PriceAlertKind, "target">, string> = {
  "any-fall": "We'll email you when the lowest in-stock price falls, at most once a day",
  "low-90-days":
    "We'll email you when the lowest in-stock price is the lowest in 90 days, at most once a day",
  "back-in-stock": "We'll email you when a pharmacy that was out of stock has it again, at most once a day",
};

export function alertConfirmationEmail(
  alert: {
    medicationName: string;
    dosage: string;
    kind?: PriceAlertKind;
    targetPrice: number | null;
    lowestPrice: number;
    lowestPharmacyName: string;
    expiresAt: Date;
  },
  links: EmailLinks & { confirm: string; manage?: string },
  kind: ConfirmationKind = "new",
): RenderedEmail {
  const change = kind === "change";
  const watching = alert.kind ?? "target";
  const promise =
    watching === "target"
      ? change
        ? "We'll email you once when the lowest in-stock price reaches this target."
        : "We'll email you once when the lowest in-stock price reaches your target."
      : `${ONCE_CONFIRMED[watching]}, until the alert ends.`;
  return render(
    change ? "Confirm the change to your price alert" : "Confirm your price alert",
    [
      {
        kind: "paragraph",
        text: change
          ? "We were asked to change your price alert. Nothing changes until you confirm it."
          : "Please confirm your email address to start your price alert.",
      },
      {
        kind: "facts",
        rows: [
          ["Medication", alert.medicationName],
          ["Dosage", alert.dosage],
          [WATCHES, alertWatches(watching, alert.targetPrice)],
          ...(alert.targetPrice === null || watching !== "target"
            ? []
            : [["Your target price", formatPounds(alert.targetPrice)] as [string, string]]),
          ["Lowest price now", `${formatPounds(alert.lowestPrice)} at ${alert.lowestPharmacyName}`],
          ["Alert ends", formatLongDate(alert.expiresAt)],
        ],
      },
      {
        kind: "button",
        label: change ? "Confirm this change" : "Confirm my price alert",
        href: links.confirm,
      },
      {
        kind: "paragraph",
        text: change
          ? `${promise} If you didn't ask for this change, ignore this email: your alert stays as it is.`
          : `${promise} If you didn't ask for this alert, ignore this email: nothing more will be sent to you about it.`,
      },
      ...(links.manage ? [manageButton(links.manage)] : []),
    ],
    `You're getting this email because a price alert was set for this address on ${SITE_NAME}.`,
    links,
  );
}

const PREFERENCE_LABELS: Record<keyof SubscriptionPreferences, string> = {
  priceDrops: "Price drops",
  newMedications: "New medications",
  promotions: "Promotions",
  weeklyDigest: "Weekly digest",
};

export function subscriptionConfirmationEmail(
  subscription: { preferences: SubscriptionPreferences },
  links: EmailLinks & { confirm: string },
  kind: ConfirmationKind = "new",
): RenderedEmail {
  const chosen = (Object.keys(PREFERENCE_LABELS) as (keyof SubscriptionPreferences)[])
    .filter((key) => subscription.preferences[key])
    .map((key) => PREFERENCE_LABELS[key]);
  const change = kind === "change";
  return render(
    change
      ? `Confirm the change to your ${SITE_NAME} price updates`
      : `Confirm your ${SITE_NAME} price updates`,
    [
      {
        kind: "paragraph",
        text: change
          ? `We were asked to change your price updates from ${SITE_NAME}. Nothing changes until you confirm it.`
          : `Please confirm your email address to start receiving price updates from ${SITE_NAME}.`,
      },
      { kind: "facts", rows: [["Your interests", chosen.length > 0 ? chosen.join(", ") : "None chosen"]] },
      {
        kind: "button",
        label: change ? "Confirm this change" : "Confirm my subscription",
        href: links.confirm,
      },
      {
        kind: "paragraph",
        text: change
          ? "If you didn't ask for this change, ignore this email: your price updates stay as they are."
          : "If you didn't ask to subscribe, ignore this email: we won't send you anything else.",
      },
    ],
    `You're getting this email because this address was entered to subscribe on ${SITE_NAME}.`,
    links,
  );
}

/**
 * A target alert met (the "price drop" email): to what the lowest price fell and, when the alert
 * had seen a higher one, by how much ("down £3.00 (8%) from £36.75").
 */
export function priceDropEmail(
  alert: {
    medicationName: string;
    dosage: string;
    targetPrice: number;
    price: number;
    pharmacyName: string;
    /** The lowest price the alert saw before this one; null when unknown. */
    before?: number | null;
    /** A prescription-only medicine (or one of unknown category, decision 035). */
    prescriptionOnly?: boolean;
    /** Supply notices active for the medication and dosage (decision 060). */
    supplyNotices?: readonly SupplyNotice[];
  },
  links: EmailLinks & { compare: string; manage?: string },
): RenderedEmail {
  const what = medicationLabel(alert.medicationName, alert.dosage);
  const price = formatPounds(alert.price);
  const fell = alert.before != null && toPence(alert.before) > toPence(alert.price) ? alert.before : null;
  return render(
    `Price alert: your target price is met at ${price}`,
    [
      {
        kind: "paragraph",
        text: `${what} is now ${price} at ${alert.pharmacyName}${fell === null ? "" : `, ${downFrom(fell, alert.price)}`}: at or below your target of ${formatPounds(alert.targetPrice)}.`,
      },
      {
        kind: "facts",
        rows: [
          [WATCHES, alertWatches("target", alert.targetPrice)],
          ["Lowest price", price],
          ...(fell === null ? [] : [["Fell by", fallBy(fell, alert.price)] as [string, string]]),
          ["Pharmacy", alert.pharmacyName],
          ["Your target price", formatPounds(alert.targetPrice)],
        ],
      },
      ...supplyNoticeBlocks(alert.supplyNotices),
      { kind: "button", label: "Compare prices", href: links.compare },
      {
        kind: "paragraph",
        text: `${alertCaution(alert.prescriptionOnly ?? false)} This alert has now done its job; you can set a new one at any time.`,
      },
      ...(links.manage ? [manageButton(links.manage)] : []),
    ],
    `You're getting this email because you set a price alert on ${SITE_NAME}.`,
    links,
  );
}

/**
 * The email of an alert that watches for any fall, a 90-day low or a pharmacy back in stock
 * (decision 043): what happened, what the alert watches, and that it stays on, at most once a day.
 * Like every subject, its subject names no medication (decision 040).
 */
export function alertFiredEmail(
  alert: {
    kind: Exclude<PriceAlertKind, "target">;
    medicationName: string;
    dosage: string;
    price: number;
    pharmacyName: string;
    /** any-fall: the lowest price before; low-90-days: the lowest of the 90 days before. */
    before: number | null;
    expiresAt: Date;
    /** A prescription-only medicine (or one of unknown category, decision 035). */
    prescriptionOnly?: boolean;
    /** Supply notices active for the medication and dosage (decision 060). */
    supplyNotices?: readonly SupplyNotice[];
  },
  links: EmailLinks & { compare: string; manage?: string },
): RenderedEmail {
  const what = medicationLabel(alert.medicationName, alert.dosage);
  const price = formatPounds(alert.price);
  const fell = alert.before !== null && toPence(alert.before) > toPence(alert.price) ? alert.before : null;
  const happened = {
    "any-fall": {
      subject: `Price alert: the lowest price fell to ${price}`,
      text: `${what} is now ${price} at ${alert.pharmacyName}${fell === null ? "" : `, ${downFrom(fell, alert.price)}`}.`,
    },
    "low-90-days": {
      subject: `Price alert: the lowest price in 90 days, ${price}`,
      text: `${what} is now ${price} at ${alert.pharmacyName}, the lowest in-stock price in 90 days${fell === null ? "" : `: ${downFrom(fell, alert.price)}, the lowest before`}.`,
    },
    "back-in-stock": {
      subject: "Price alert: back in stock at a pharmacy",
      text: `${alert.pharmacyName} has ${what} back in stock, at ${price}.`,
    },
  }[alert.kind];
  return render(
    happened.subject,
    [
      { kind: "paragraph", text: happened.text },
      {
        kind: "facts",
        rows: [
          [WATCHES, alertWatches(alert.kind, null)],
          ["Price", price],
          ...(fell === null ? [] : [["Fell by", fallBy(fell, alert.price)] as [string, string]]),
          ["Pharmacy", alert.pharmacyName],
          ["Alert ends", formatLongDate(alert.expiresAt)],
        ],
      },
      ...supplyNoticeBlocks(alert.supplyNotices),
      { kind: "button", label: "Compare prices", href: links.compare },
      {
        kind: "paragraph",
        text: `${alertCaution(alert.prescriptionOnly ?? false)} Your alert stays on: we'll email you again if it happens again, at most once a day, until the alert ends.`,
      },
      ...(links.manage ? [manageButton(links.manage)] : []),
    ],
    `You're getting this email because you set a price alert on ${SITE_NAME}.`,
    links,
  );
}

/**
 * The acknowledgement of a contact message. It repeats nothing the visitor typed (not even the
 * name), so nobody can use the form to put words of their own in someone else's inbox.
 */
export function contactAcknowledgementEmail(
  contact: { subject: ContactSubjectValue; receivedAt: Date },
  links: EmailLinks,
): RenderedEmail {
  return render(
    "We've received your message",
    [
      { kind: "paragraph", text: `Hello,` },
      {
        kind: "paragraph",
        text: `Thank you for contacting ${SITE_NAME}. We received your message about "${contactSubjectLabels[contact.subject]}" on ${formatLongDate(contact.receivedAt)}.`,
      },
      { kind: "paragraph", text: contactMessages.responseTime },
      { kind: "paragraph", text: "If you didn't write to us, you can ignore this email." },
    ],
    `You're getting this email because this address was given on the ${SITE_NAME} contact form.`,
    links,
  );
}

/**
 * The operations alert of a failing price feed (decision 047). It is not a subscription, so it
 * carries no unsubscribe link and no List-Unsubscribe: the one-click link promised "no more
 * emails" and the next incident's email still came (issue 41). It says how to send these alerts
 * elsewhere instead: OPS_EMAIL (docs/operations.md).
 */
/**
 * An operations email (a failing feed, a failed newsletter): no unsubscribe link, since it is no
 * subscription; its footer says how to send it elsewhere (issue 41).
 */
export function operationsEmail(subject: string, blocks: Parameters<typeof render>[1]) {
  return render(
    subject,
    blocks,
    `You're getting this email as the operations address of ${SITE_NAME}. To send operations alerts to another address, set OPS_EMAIL in the API's configuration (docs/operations.md); without it they go to the first administrator's address.`,
    null,
  );
}

/** What a failing feed's operations email says (decision 047). */
export function feedFailingBlocks(
  feed: { pharmacyName: string; reason: string },
  links: { feeds: string },
): Parameters<typeof render>[1] {
  return [
    { kind: "paragraph", text: `The price feed of ${feed.pharmacyName} ${feed.reason}.` },
    {
      kind: "paragraph",
      text: "Its prices are not being confirmed. Check the feed's address and credential with the pharmacy; the run history says what each run answered.",
    },
    { kind: "button", label: "Open Feeds", href: links.feeds },
  ];
}

/**
 * What a scheduled job's operations email says once its run failed its last try (issue 46,
 * decision 066): which run, why, and that nothing will try it again before its next time.
 */
export function jobFailedBlocks(
  run: { job: string; scheduledFor: string; attempts: number; error: string },
  links: { dashboard: string },
): Parameters<typeof render>[1] {
  return [
    {
      kind: "paragraph",
      text: `The scheduled job "${run.job}" due ${run.scheduledFor} failed ${run.attempts} times and will not be tried again (latest: ${run.error || "no reason recorded"}).`,
    },
    {
      kind: "paragraph",
      text: 'Its next scheduled run goes ahead as usual. To run it now once the cause is fixed, use "run now" (POST /api/admin/jobs/{job}/run); the dashboard lists failed runs.',
    },
    { kind: "button", label: "Open the dashboard", href: links.dashboard },
  ];
}

/** A failing feed's operations email. */
export function feedFailingEmail(feed: { pharmacyName: string; reason: string }, links: { feeds: string }) {
  return operationsEmail(`Price feed failing: ${feed.pharmacyName}`, feedFailingBlocks(feed, links));
}
