import { describe, expect, it } from "vitest";
import {
  alertConfirmationEmail,
  alertFiredEmail,
  contactAcknowledgementEmail,
  escapeHtml,
  fallBy,
  feedFailingEmail,
  priceDropEmail,
  render,
  subscriptionConfirmationEmail,
} from "./templates.ts";

const links = {
  unsubscribe: "https://www.pharmacompare.example/unsubscribe?token=abc_DEF-123",
  confirm: "https://www.pharmacompare.example/confirm?token=xyz",
};

describe("the email templates", () => {
  it("escape every value in the HTML and keep it whole in the text", () => {
    const email = priceDropEmail(
      {
        medicationName: `Fish & <Chips> "Forte"`,
        dosage: "10mg's",
        targetPrice: 10,
        price: 9.5,
        pharmacyName: "<script>alert(1)</script>",
      },
      {
        unsubscribe: `${links.unsubscribe}&x="y"`,
        compare: "https://www.pharmacompare.example/condition/acne?medication=A%26B",
      },
    );
    expect(email.html).not.toContain("<script>");
    expect(email.html).not.toContain("<Chips>");
    expect(email.html).toContain("Fish &amp; &lt;Chips&gt; &quot;Forte&quot;");
    expect(email.html).toContain("10mg&#39;s");
    expect(email.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(email.html).toContain(
      'href="https://www.pharmacompare.example/unsubscribe?token=abc_DEF-123&amp;x=&quot;y&quot;"',
    );
    expect(email.text).toContain(`Fish & <Chips> "Forte" 10mg's is now £9.50 at <script>alert(1)</script>`);
    expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#39;");
  });

  it("write money as pounds with two decimals and dates in the UK long format", () => {
    const email = alertConfirmationEmail(
      {
        medicationName: "Wegovy",
        dosage: "0.25mg",
        targetPrice: 120,
        lowestPrice: 139.5,
        lowestPharmacyName: "Example Chemist",
        expiresAt: new Date("2027-02-18T12:00:00Z"),
      },
      links,
    );
    expect(email.subject).toBe("Confirm your price alert");
    for (const body of [email.text, email.html]) {
      expect(body).toContain("£120.00");
      expect(body).toContain("£139.50");
      expect(body).toContain("18 February 2027");
      expect(body).toContain("https://www.pharmacompare.example/confirm?token=xyz");
    }
    expect(email.text).toContain(
      "Unsubscribe: https://www.pharmacompare.example/unsubscribe?token=abc_DEF-123",
    );
  });

  it("list the interests a subscription starts with", () => {
    const email = subscriptionConfirmationEmail(
      { preferences: { priceDrops: true, newMedications: false, promotions: true, weeklyDigest: false } },
      links,
    );
    expect(email.text).toContain("Your interests: Price drops, Promotions");
    const none = subscriptionConfirmationEmail(
      { preferences: { priceDrops: false, newMedications: false, promotions: false, weeklyDigest: false } },
      links,
    );
    expect(none.text).toContain("Your interests: None chosen");
  });

  it("acknowledge a contact message by its subject and date only", () => {
    const email = contactAcknowledgementEmail(
      { subject: "pricing", receivedAt: new Date("2026-11-22T23:30:00Z") },
      { unsubscribe: links.unsubscribe },
    );
    expect(email.text).toContain('your message about "Pricing Question" on 22 November 2026');
    expect(email.text).toContain("We aim to reply within 24-48 hours on business days.");
  });

  it("name the medication in the body, never in the subject (decision 040)", () => {
    const alert = { medicationName: "Mounjaro", dosage: "2.5mg" };
    const emails = [
      alertConfirmationEmail(
        {
          ...alert,
          targetPrice: 120,
          lowestPrice: 139.5,
          lowestPharmacyName: "Example Chemist",
          expiresAt: new Date(),
        },
        links,
      ),
      alertConfirmationEmail(
        {
          ...alert,
          targetPrice: 120,
          lowestPrice: 139.5,
          lowestPharmacyName: "Example Chemist",
          expiresAt: new Date(),
        },
        links,
        "change",
      ),
      priceDropEmail(
        { ...alert, targetPrice: 120, price: 118.99, pharmacyName: "Example Chemist" },
        { ...links, compare: "https://www.pharmacompare.example/weight-loss?medication=mounjaro" },
      ),
    ];
    expect(emails.map((email) => email.subject)).toEqual([
      "Confirm your price alert",
      "Confirm the change to your price alert",
      "Price alert: your target price is met at £118.99",
    ]);
    for (const email of emails) {
      expect(email.subject).not.toMatch(/mounjaro|2\.5mg/i);
      expect(email.text).toContain("Mounjaro");
    }
  });

  it("say what each kind of alert watches, name no medication in a subject, and link to manage my alerts (decision 043)", () => {
    const manage = "https://www.pharmacompare.example/manage-emails?token=m_1";
    const compare = "https://www.pharmacompare.example/condition/weight-loss?medication=Mounjaro";
    const fired = (["any-fall", "low-90-days", "back-in-stock"] as const).map((kind) =>
      alertFiredEmail(
        {
          kind,
          medicationName: "Mounjaro <b>",
          dosage: "2.5mg",
          price: 99.5,
          pharmacyName: "Example Chemist",
          before: kind === "back-in-stock" ? null : 110,
          expiresAt: new Date("2027-02-18T12:00:00Z"),
        },
        { ...links, compare, manage },
      ),
    );
    expect(fired.map((email) => email.subject)).toEqual([
      "Price alert: the lowest price fell to £99.50",
      "Price alert: the lowest price in 90 days, £99.50",
      "Price alert: back in stock at a pharmacy",
    ]);
    expect(fired.map((email) => /What this alert watches: (.*)/.exec(email.text)?.[1])).toEqual([
      "Any fall in the lowest in-stock price",
      "The lowest in-stock price in 90 days",
      "A pharmacy back in stock",
    ]);
    expect(fired[0]?.text).toContain("is now £99.50 at Example Chemist, down £10.50 (10%) from £110.00.");
    expect(fired[1]?.text).toContain("the lowest in-stock price in 90 days: down £10.50 (10%) from £110.00");
    for (const email of fired) {
      expect(email.subject).not.toMatch(/mounjaro|2\.5mg/i);
      expect(email.text).toContain(`Manage my alerts:\n${manage}`);
      expect(email.html).toContain("Mounjaro &lt;b&gt;");
      expect(email.html).not.toContain("<b>");
    }
    const confirmation = alertConfirmationEmail(
      {
        medicationName: "Mounjaro",
        dosage: "2.5mg",
        kind: "back-in-stock",
        targetPrice: null,
        lowestPrice: 139.5,
        lowestPharmacyName: "Example Chemist",
        expiresAt: new Date("2027-02-18T12:00:00Z"),
      },
      { ...links, manage },
    );
    expect(confirmation.text).toContain("What this alert watches: A pharmacy back in stock");
    expect(confirmation.text).not.toContain("Your target price");
    expect(confirmation.text).toContain("at most once a day, until the alert ends.");
  });

  it("say by how much and to what a price fell: pounds and the share of what it was (issue 41)", () => {
    expect(fallBy(11.99, 8.99)).toBe("£3.00 (25%)");
    expect(fallBy(38.5, 33.75)).toBe("£4.75 (12%)");
    expect(fallBy(100, 99.9)).toBe("£0.10 (under 1%)");
    const met = priceDropEmail(
      {
        medicationName: "Mounjaro",
        dosage: "5mg",
        targetPrice: 170,
        price: 164.99,
        pharmacyName: "Example Chemist",
        before: 189.99,
        prescriptionOnly: true,
      },
      { ...links, compare: "https://www.pharmacompare.example/condition/weight-loss" },
    );
    expect(met.text).toContain(
      "Mounjaro 5mg is now £164.99 at Example Chemist, down £25.00 (13%) from £189.99: at or below your target of £170.00.",
    );
    expect(met.text).toContain("Fell by: £25.00 (13%)");
    // A prescription-only medicine the person asked about: a fact, no call to buy (decision 040).
    expect(met.subject).not.toMatch(/mounjaro/i);
    for (const part of [met.text, met.html]) expect(part).not.toMatch(/before you buy|deal|good news|save/i);
    expect(met.text).toContain(
      "A prescriber at the pharmacy decides whether a prescription-only medicine is suitable",
    );
    // Not known to have been higher: to what only.
    const unknown = priceDropEmail(
      {
        medicationName: "Alli",
        dosage: "60mg",
        targetPrice: 30,
        price: 29.5,
        pharmacyName: "Example Chemist",
      },
      { ...links, compare: "https://www.pharmacompare.example/condition/weight-loss" },
    );
    expect(unknown.text).toContain(
      "Alli 60mg is now £29.50 at Example Chemist: at or below your target of £30.00.",
    );
    expect(unknown.text).not.toContain("Fell by");
  });

  it("draw buttons as tables of their own, so a label that wraps cannot paint over another (issue 41)", () => {
    const email = render(
      "Subject",
      [
        { kind: "heading", text: "A section" },
        { kind: "button", label: "First", href: "https://www.pharmacompare.example/a" },
        { kind: "button", label: "Second", href: "https://www.pharmacompare.example/b", secondary: true },
      ],
      "Footer.",
      links,
    );
    expect(email.html).toContain('<h2 style="');
    expect(email.html.match(/<table role="presentation" class="pc-button"/g)).toHaveLength(2);
    expect(email.html).toMatch(
      /<td style="[^"]*background:#1d4ed8"><a href="https:\/\/www\.pharmacompare\.example\/a" style="display:block;/,
    );
    expect(email.text).toContain("A SECTION\n\nFirst:\nhttps://www.pharmacompare.example/a");
  });

  it("send operations alerts with no unsubscribe link, saying how to change the address (issue 41)", () => {
    const email = feedFailingEmail(
      { pharmacyName: "Kestrel Lane Pharmacy", reason: "failed 3 times in a row (latest: HTTP 500)" },
      { feeds: "https://www.pharmacompare.example/admin/feeds" },
    );
    expect(email.subject).toBe("Price feed failing: Kestrel Lane Pharmacy");
    for (const part of [email.text, email.html]) {
      expect(part).not.toMatch(/unsubscribe/i);
      expect(part).toContain("To send operations alerts to another address, set OPS_EMAIL");
      expect(part).toContain("docs/operations.md");
    }
  });
});
