import { SUPPORT_EMAIL } from "@pharmacompare/contract";
import type { LegalDocument } from "../../components/legal/legal-document.ts";
import { link, list, p, strong } from "../../components/ui/prose.ts";
import { sitePaths } from "../../lib/site-paths.ts";

/** The emergency line the specification requires, word for word (public site §2, §9). */
const EMERGENCY_TEXT = "In an emergency call 999. For urgent medical advice call NHS 111.";

/** The Medical Disclaimer (public site §2: twelve sections, a yellow notice and a red emergency box). */
export const medicalDisclaimer: LegalDocument = {
  title: "Medical Disclaimer",
  description:
    "PharmaCompare compares pharmacy prices and gives no medical advice. Always speak to a pharmacist, your " +
    "GP or NHS 111 about your health. In an emergency call 999.",
  intro: [
    "PharmaCompare helps you compare what UK online pharmacies charge. Please read this disclaimer before you " +
      "rely on anything you see on the site.",
  ],
  lead: [
    {
      kind: "notice",
      tone: "important",
      title: "Important notice",
      text:
        "PharmaCompare is a price comparison service, not a healthcare provider. Nothing on this website is " +
        "medical advice, and it must not replace a conversation with a doctor, pharmacist or other qualified " +
        "healthcare professional.",
    },
    {
      kind: "notice",
      tone: "emergency",
      title: "Medical emergency?",
      text: [
        strong(EMERGENCY_TEXT),
        " Do not use this website or wait for an online pharmacy in an emergency.",
      ],
    },
  ],
  sections: [
    {
      id: "not-medical-advice",
      title: "Not medical advice",
      blocks: [
        p(
          "The information on this website, including medication names, descriptions, dosages and articles, is " +
            "general information to help you compare prices. It is not tailored to you and is not a diagnosis, " +
            "a recommendation or a treatment plan.",
        ),
      ],
    },
    {
      id: "not-a-pharmacy",
      title: "We are not a pharmacy",
      blocks: [
        p(
          "PharmaCompare does not sell, prescribe, supply or dispense medicines. We do not take orders or " +
            "payments, and we do not collect medical, prescription or payment information. Every purchase is " +
            "between you and the pharmacy you choose.",
        ),
      ],
    },
    {
      id: "speak-to-a-professional",
      title: "Speak to a healthcare professional",
      blocks: [
        p(
          "Before you start, stop or change any medicine, talk to your GP, a pharmacist or another qualified " +
            "healthcare professional. Tell them about any other medicines you take, including ones bought " +
            "without a prescription, and about any health conditions, pregnancy or breastfeeding.",
        ),
      ],
    },
    {
      id: "prescription-medicines",
      title: "Prescription-only medicines",
      blocks: [
        p(
          "Many treatments compared on this site are prescription-only medicines. A pharmacy can only supply them " +
            "after a prescriber has decided they are suitable for you, usually through the pharmacy's own " +
            "online consultation or with a prescription from your GP. A low price is never a reason to take a " +
            "medicine that has not been prescribed for you.",
        ),
      ],
    },
    {
      id: "prices-and-availability",
      title: "Prices and availability",
      blocks: [
        p(
          "We update prices daily, but pharmacies can change their prices, stock and delivery times at any " +
            "time. Prices shown may not include consultation fees or delivery charges. Always check the final " +
            "price and details on the pharmacy's own website before you buy.",
        ),
      ],
    },
    {
      id: "medication-information",
      title: "Medication information",
      blocks: [
        p(
          "Descriptions of medications on this site are brief summaries and may not mention every use, side " +
            "effect, interaction or warning. Read the patient information leaflet that comes with your medicine " +
            "and follow the directions of your prescriber or pharmacist.",
        ),
      ],
    },
    {
      id: "choosing-a-pharmacy",
      title: "Choosing an online pharmacy",
      blocks: [
        p(
          "Listing a pharmacy is not an endorsement of its clinical services. Before you buy, check that the " +
            "pharmacy is registered:",
        ),
        list(
          [
            "in Great Britain, with the General Pharmaceutical Council (GPhC), whose register is at ",
            link("pharmacyregulation.org", "https://www.pharmacyregulation.org/"),
            ";",
          ],
          "in Northern Ireland, with the Pharmaceutical Society of Northern Ireland.",
        ),
        p("Be wary of any website that offers prescription-only medicines without asking about your health."),
      ],
    },
    {
      id: "side-effects",
      title: "Side effects",
      blocks: [
        p([
          "If you think a medicine is causing side effects, speak to a pharmacist, your GP or NHS 111. You can " +
            "also report suspected side effects to the Medicines and Healthcare products Regulatory Agency " +
            "through the ",
          link("Yellow Card scheme", "https://yellowcard.mhra.gov.uk/"),
          ".",
        ]),
      ],
    },
    {
      id: "emergencies",
      title: "Emergencies and urgent help",
      blocks: [
        p([
          strong(EMERGENCY_TEXT),
          " You can also get urgent advice online at ",
          link("111.nhs.uk", "https://111.nhs.uk/"),
          ". In Scotland, NHS 24 answers on 111. In Northern Ireland, contact your GP or your GP out-of-hours " +
            "service.",
        ]),
      ],
    },
    {
      id: "other-websites",
      title: "Links to other websites",
      blocks: [
        p(
          "Our links take you to pharmacies and other websites that we do not run. We are not responsible for " +
            "their content, products, services or privacy practices. Read their terms before you buy.",
        ),
      ],
    },
    {
      id: "adults-only",
      title: "For adults only",
      blocks: [
        p(
          "This website is intended for people aged 18 and over. Anyone under 18 should speak to a parent or " +
            "carer and a healthcare professional about any medicine.",
        ),
      ],
    },
    {
      id: "questions",
      title: "Questions about this disclaimer",
      blocks: [
        p([
          "If anything here is unclear, email ",
          link(SUPPORT_EMAIL, `mailto:${SUPPORT_EMAIL}`),
          " or use our ",
          link("contact form", sitePaths.contact),
          ". We cannot answer questions about your own health or treatment: please ask a pharmacist, your GP " +
            "or NHS 111.",
        ]),
      ],
    },
  ],
};
