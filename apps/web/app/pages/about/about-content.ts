import { SUPPORT_EMAIL } from "@pharmacompare/contract";
import type { ProseBlock, RichText } from "../../components/ui/prose.ts";
import { link, list, p, strong } from "../../components/ui/prose.ts";
import { sitePaths } from "../../lib/site-paths.ts";

/** The About page's copy (public site §2 About): eight sections in the specification's order. */
export const aboutIntro =
  "PharmaCompare is a free, independent website that shows what UK online pharmacies charge for the same " +
  "medication and dosage, side by side, so you can see the difference before you decide where to buy.";

/** The labels of public site §1's claims; the figures come from the live catalogue (lib/claims.ts). */
export const aboutClaimLabels = {
  pharmacies: "UK online pharmacies",
  medications: "medications compared",
  saving: "saving on the same treatment",
  updates: "price updates",
  // The honest figure while "Daily" cannot be claimed (decision 048).
  confirmedShare: "of prices confirmed in the last 24 hours",
} as const;

export const aboutMission: readonly ProseBlock[] = [
  p(
    "The same treatment can cost very different amounts depending on where you buy it, and finding out " +
      "usually means opening a dozen websites. Our mission is to make medication prices in the UK easy to " +
      "see and easy to compare, so nobody pays more than they need to simply because they could not find a " +
      "better price.",
  ),
];

export const aboutWhatWeDo: readonly ProseBlock[] = [
  p(
    "We gather prices from more than 30 UK online pharmacies for over 500 medications, across weight loss, " +
      "men's and women's health, hair loss, skin conditions and general health, and we check them every day.",
  ),
  list(
    "Compare the price of one medication and dosage at every pharmacy we list, cheapest first.",
    "See delivery times, stock and pharmacy ratings next to each price.",
    "Read plain-English guides on treatments and on saving money.",
  ),
];

export const aboutSteps = [
  { title: "Search", text: "Find a medication by name, or browse by condition." },
  { title: "Choose a dosage", text: "Pick the strength and quantity you have been prescribed or advised." },
  { title: "Compare", text: "See every pharmacy's price for that dosage, cheapest first." },
  {
    title: "Buy from the pharmacy",
    text: "Follow the link and complete your purchase on the pharmacy's site.",
  },
] as const;

export const aboutReasons = [
  {
    title: "Free to use",
    text: "Comparing prices costs you nothing, and you never need an account.",
  },
  {
    title: "Independent and sorted by price",
    text: "Price tables are ordered by price alone. No pharmacy can pay to appear higher.",
  },
  {
    title: "Private by design",
    text: "We never ask for medical, prescription or payment information.",
  },
  {
    title: "Up to date",
    text: "Prices are refreshed daily, and every table shows when prices were last checked.",
  },
] as const;

export const aboutImportant: readonly ProseBlock[] = [
  list(
    [
      strong("We are not a pharmacy. "),
      "We sell nothing, and every purchase is made with the pharmacy you choose.",
    ],
    [
      strong("We give no medical advice. "),
      "Speak to a pharmacist, your GP or NHS 111 about your health and about which treatment is right for you.",
    ],
    [
      strong("We collect no medical, prescription or payment information. "),
      "Any consultation or payment happens on the pharmacy's own website.",
    ],
    [strong("This site is for adults. "), "It is not intended for anyone under 18."],
    [
      strong("How we are funded. "),
      "PharmaCompare is free for you. We may earn a small commission from some pharmacies when you buy " +
        "through our links. It never changes the order of our price tables.",
    ],
  ),
];

export const aboutCommitment: readonly ProseBlock[] = [
  p(
    "We want you to be able to trust every number on this site. That means showing prices as the pharmacies " +
      "publish them, saying clearly when prices may be out of date, correcting mistakes quickly, and treating " +
      "the little personal information we hold with care.",
  ),
  p([
    "If you spot a wrong price or a broken link, please tell us. Our ",
    link("Privacy Policy", sitePaths.privacy),
    " explains how we handle your information.",
  ]),
];

export const aboutContact: readonly RichText[] = [
  [
    "Questions, feedback or a pharmacy you would like us to add? Use our ",
    link("contact form", sitePaths.contact),
    " or email ",
    link(SUPPORT_EMAIL, `mailto:${SUPPORT_EMAIL}`),
    ". We aim to reply within 24-48 hours on business days.",
  ],
];

export const aboutDisclaimer: RichText = [
  "The information on PharmaCompare is for price comparison only and is not a substitute for professional " +
    "medical advice. Always read the patient information leaflet and follow the advice of your prescriber or " +
    "pharmacist. Read our full ",
  link("Medical Disclaimer", sitePaths.disclaimer),
  ".",
];
