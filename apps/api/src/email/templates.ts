import {
  type ContactSubjectValue,
  contactMessages,
  contactSubjectLabels,
  formatLongDate,
  formatPounds,
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

export function alertConfirmationEmail(
  alert: {
    medicationName: string;
    dosage: string;
    targetPrice: number;
    lowestPrice: number;
    lowestPharmacyName: string;
    expiresAt: Date;
  },
  links: EmailLinks & { confirm: string },
  kind: ConfirmationKind = "new",
): RenderedEmail {
  const change = kind === "change";
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
          ["Your target price", formatPounds(alert.targetPrice)],
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
          ? "We'll email you once when the lowest in-stock price reaches this target. If you didn't ask for this change, ignore this email: your alert stays as it is."
          : "We'll email you once when the lowest in-stock price reaches your target. If you didn't ask for this alert, ignore this email: nothing more will be sent to you about it.",
      },
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
  links: EmailLinks & { compare: string },
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
