import {
  alertWatches,
  type ContactSubjectValue,
  contactMessages,
  contactSubjectLabels,
  formatLongDate,
  formatPounds,
  type PriceAlertKind,
  type SubscriptionPreferences,
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
  | { kind: "facts"; rows: [label: string, value: string][] }
  | { kind: "button"; label: string; href: string }
  /**
   * Staff-written markdown (a newsletter, decision 041): the text part is the markdown as written,
   * the HTML part what the one safe renderer made of it (`@pharmacompare/safe-markdown`).
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

export function render(subject: string, blocks: Block[], footer: string, links: EmailLinks): RenderedEmail {
  const text = [
    ...blocks.map((block) => {
      switch (block.kind) {
        case "paragraph":
          return block.text;
        case "facts":
          return block.rows.map(([label, value]) => `${label}: ${value}`).join("\n");
        case "markdown":
          return block.text;
        default:
          return `${block.label}:\n${block.href}`;
      }
    }),
    "--",
    `${footer}\nUnsubscribe: ${links.unsubscribe}`,
  ].join("\n\n");

  const body = blocks
    .map((block) => {
      switch (block.kind) {
        case "paragraph":
          return `<p style="margin:0 0 16px">${escapeHtml(block.text)}</p>`;
        case "facts":
          return `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${block.rows
            .map(
              ([label, value]) =>
                `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;font-weight:600">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
            )
            .join("")}</table>`;
        case "markdown":
          return `<div style="margin:0 0 16px">${block.html}</div>`;
        default:
          return `<p style="margin:24px 0"><a href="${escapeHtml(block.href)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(block.label)}</a></p>`;
      }
    })
    .join("\n");
  const html = `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#1d4ed8">${SITE_NAME}</p>
${body}
<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0">
<p style="margin:0;font-size:13px;color:#475569">${escapeHtml(footer)} <a href="${escapeHtml(links.unsubscribe)}" style="color:#475569">Unsubscribe</a></p>
</div>
</body>
</html>
`;
  return { subject, text, html };
}

const medicationLabel = (medicationName: string, dosage: string) => `${medicationName} ${dosage}`;

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
const manageButton = (manage: string): Block => ({ kind: "button", label: "Manage my alerts", href: manage });

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

export function priceDropEmail(
  alert: {
    medicationName: string;
    dosage: string;
    targetPrice: number;
    price: number;
    pharmacyName: string;
  },
  links: EmailLinks & { compare: string; manage?: string },
): RenderedEmail {
  const what = medicationLabel(alert.medicationName, alert.dosage);
  return render(
    `Price alert: your target price is met at ${formatPounds(alert.price)}`,
    [
      {
        kind: "paragraph",
        text: `${what} is now ${formatPounds(alert.price)} at ${alert.pharmacyName}, at or below your target of ${formatPounds(alert.targetPrice)}.`,
      },
      {
        kind: "facts",
        rows: [
          [WATCHES, alertWatches("target", alert.targetPrice)],
          ["Lowest price", formatPounds(alert.price)],
          ["Pharmacy", alert.pharmacyName],
          ["Your target price", formatPounds(alert.targetPrice)],
        ],
      },
      { kind: "button", label: "Compare prices", href: links.compare },
      {
        kind: "paragraph",
        text: "Prices change often, so check the price on the pharmacy's website before you buy. This alert has now done its job; you can set a new one at any time.",
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
  },
  links: EmailLinks & { compare: string; manage?: string },
): RenderedEmail {
  const what = medicationLabel(alert.medicationName, alert.dosage);
  const price = formatPounds(alert.price);
  const was = alert.before === null ? "" : formatPounds(alert.before);
  const happened = {
    "any-fall": {
      subject: `Price alert: the lowest price fell to ${price}`,
      text: `${what} is now ${price} at ${alert.pharmacyName}${was ? `, down from ${was}` : ""}.`,
    },
    "low-90-days": {
      subject: `Price alert: the lowest price in 90 days, ${price}`,
      text: `${what} is now ${price} at ${alert.pharmacyName}, the lowest in-stock price in 90 days${was ? ` (the lowest before was ${was})` : ""}.`,
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
          ["Pharmacy", alert.pharmacyName],
          ["Alert ends", formatLongDate(alert.expiresAt)],
        ],
      },
      { kind: "button", label: "Compare prices", href: links.compare },
      {
        kind: "paragraph",
        text: "Prices change often, so check the price on the pharmacy's website before you buy. Your alert stays on: we'll email you again if it happens again, at most once a day, until the alert ends.",
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
