import {
  PRICE_CONTEXT_BAND_PERCENT,
  PRICE_CONTEXT_MIN_DAYS,
  PRICE_CONTEXT_SINCE_MIN_DAYS,
} from "@pharmacompare/contract";
import type { LegalDocument } from "../../components/legal/legal-document.ts";
import { link, list, p, strong } from "../../components/ui/prose.ts";
import { sitePaths } from "../../lib/site-paths.ts";

/**
 * How the comparison orders pharmacies (issue 11: "How we rank"). Every sentence here describes
 * what the code does today — the orders are the contract's `cheapestFirst` and `lowestTotalFirst`,
 * the totals its `deliveryCost`, all applied by `buildComparison` —
 * so change this page in the same commit as the rule.
 */
/** Where the page lists the pharmacies that pay a commission today (a live list, decision 044). */
export const COMMISSION_PHARMACIES_SLOT = "commission-pharmacies";

export const howWeRank: LegalDocument = {
  title: "How we rank prices",
  description:
    "How PharmaCompare orders UK online pharmacies: cheapest first, no paid placements, and commissions " +
    "that never change the order. Where our prices come from and how fresh they are.",
  intro: [
    "You should be able to trust the order of a comparison as much as the prices in it. This page explains " +
      "exactly how we decide which pharmacy comes first, and what we do and do not take money for.",
  ],
  sections: [
    {
      id: "order",
      title: "Cheapest first, for the pack you chose",
      blocks: [
        p(
          "For the medication and dosage you pick, we list every pharmacy we have a price for, from the lowest " +
            "price to the highest. The price is the pharmacy's price for that exact pack.",
        ),
        list(
          "When two pharmacies charge the same, the one with the better customer rating comes first, then the " +
            "pharmacies are listed alphabetically.",
          [strong("Best"), " marks the lowest price shown."],
          [
            "You can sort by ",
            strong("total with fees"),
            " instead: the price plus the pharmacy's standard delivery charge for that pack on its own, which is " +
              "free when the pack reaches the pharmacy's free-delivery amount, plus any consultation or " +
              "prescribing fee the pharmacy charges, as you would pay it on a first order. Each total names " +
              "the fees it holds. Equal totals are ordered as equal prices are, and Best still marks the lowest " +
              "price.",
          ],
          "If a pharmacy's minimum order is more than the pack costs, you cannot buy the pack there on its own. " +
            "We say so with the minimum order instead of a total, and those pharmacies come last when you sort " +
            "by total.",
          "The saving we mention compares pharmacies that have the pack in stock, so it is a saving you can " +
            "actually make.",
          "The second line under a price is the price per tablet, capsule, pen, gram or millilitre, worked out " +
            "from the pack size, so packs of different sizes compare fairly. We only show it when the pack " +
            "description tells us the size.",
        ),
      ],
    },
    {
      id: "no-paid-placement",
      title: "No pharmacy can pay for a better place",
      blocks: [
        p(
          "Position in our tables is never for sale. No pharmacy can pay to be listed higher, to be marked Best " +
            "or to have a competitor moved down, and we do not accept payment to remove a price.",
        ),
      ],
    },
    {
      id: "how-we-are-paid",
      title: "How we are paid",
      blocks: [
        p(
          "PharmaCompare is free to use. We may earn a commission when you buy through one of our links " +
            "(they are marked as sponsored links for search engines). A commission never changes the order, the " +
            "Best marker or which pharmacies we show, and it costs you nothing: the price is the same as going to " +
            "the pharmacy directly.",
        ),
        p(
          "Our links to a pharmacy that pays us a commission carry a short referral code, so it can tell the " +
            "visit came from us. We count how many visits we send to each pharmacy, without cookies and without " +
            "recording who you are, so that we can invoice those pharmacies.",
        ),
        { kind: "slot", name: COMMISSION_PHARMACIES_SLOT },
      ],
    },
    {
      id: "which-pharmacies",
      title: "Which pharmacies we list",
      blocks: [
        p(
          "We list UK online pharmacies registered with the General Pharmaceutical Council (GPhC). We record each " +
            "pharmacy's registration number, and we take a pharmacy out of our tables while we cannot confirm it " +
            "or its prices.",
        ),
      ],
    },
    {
      id: "where-prices-come-from",
      title: "Where our prices come from and how fresh they are",
      blocks: [
        p(
          "Our team takes prices from each pharmacy's own website and updates them regularly. Every row says " +
            "when its price was last checked, and the top of each table says when the newest price was checked.",
        ),
        p(
          "Pharmacies can change their prices, delivery charges and consultation fees at any time, and faster " +
            "delivery may cost extra. Always check the final price on the pharmacy's website before you buy.",
        ),
      ],
    },
    {
      // Decision 059: the words are the contract's rule (packages/contract/src/price-context.ts).
      id: "price-context",
      title: "Is this a good price? Today's price against its history",
      blocks: [
        p(
          "Above each price history we say how the lowest price today compares with the same medication and " +
            "dosage over the last 90 days, using only prices we recorded ourselves: the lowest price each day " +
            "that a pharmacy had it in stock, the same line the chart draws.",
        ),
        list(
          [
            strong("Typical"),
            " is the middle value of those daily lowest prices (the median), so a few unusual days do not move it.",
          ],
          [
            strong("About usual"),
            ` means today's lowest price is within ${PRICE_CONTEXT_BAND_PERCENT}% of the typical price either way; `,
            strong("Below its usual price"),
            " and ",
            strong("Above usual"),
            " mean it is further below or above. We compare whole pence.",
          ],
          [
            strong("The lowest since"),
            " a date is the last day the lowest price was at or below today's. We mention it only when that day " +
              `is more than ${PRICE_CONTEXT_SINCE_MIN_DAYS} days ago.`,
          ],
          [
            strong("New price"),
            ` means we have fewer than ${PRICE_CONTEXT_MIN_DAYS} days of prices for it, which is not enough ` +
              "history to say what is usual.",
          ],
          "Our team records dated events, such as a manufacturer's list-price change or a supply disruption, " +
            "with the public page that reports them. They are marked on the chart, and when the lowest price " +
            "moved after a list-price change or a supply disruption we say that it rose or fell after it. That " +
            "says what happened in order, not why.",
        ),
        p(
          "This describes past prices; it is not advice to buy now or to wait, and we use the same neutral words " +
            "for every medicine.",
        ),
      ],
    },
    {
      id: "corrections",
      title: "Spotted a wrong price?",
      blocks: [
        p([
          "Please tell us through our ",
          link("contact page", sitePaths.contact),
          " and we will check it. You can also set a price alert on any comparison to hear when a price drops.",
        ]),
      ],
    },
  ],
};
