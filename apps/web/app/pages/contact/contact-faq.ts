import { link, type RichText } from "../../components/ui/prose.ts";
import { sitePaths } from "../../lib/site-paths.ts";

/** The contact page's questions and answers: how the site works, prices, prescriptions and data. */
export const contactFaq: readonly { question: string; answer: RichText }[] = [
  {
    question: "Is PharmaCompare a pharmacy?",
    answer:
      "No. We compare the prices UK online pharmacies charge, but we do not sell, prescribe or dispense " +
      "anything. When you choose a price, you buy directly from that pharmacy on its own website.",
  },
  {
    question: "Where do your prices come from, and how current are they?",
    answer:
      "Prices come from the pharmacies' own websites and are updated daily. Pharmacies can change prices, " +
      "stock and delivery charges at any time, so always check the final price on the pharmacy's site before " +
      "you pay.",
  },
  {
    question: "Do I need a prescription?",
    answer:
      "Many of the treatments we compare are prescription-only. The pharmacy will usually ask you to complete " +
      "an online consultation so that its prescriber can decide whether the treatment is suitable for you. " +
      "We cannot issue prescriptions or give medical advice.",
  },
  {
    question: "Does it cost anything to use PharmaCompare?",
    answer:
      "No, comparing prices is free. We may earn a small commission from some pharmacies when you buy " +
      "through our links, but it never changes the order of our price tables, which are sorted by price alone.",
  },
  {
    question: "Can you help with an order or a delivery?",
    answer:
      "We cannot see or change orders, so please contact the pharmacy you bought from. We do want to hear " +
      "about problems with a pharmacy we list: choose Pharmacy Information as your subject.",
  },
  {
    question: "What happens to the details I send you?",
    answer: [
      "We use your name, email address and message only to reply to you, and we never ask for medical, " +
        "prescription or payment details. Our ",
      link("Privacy Policy", sitePaths.privacy),
      " explains how long we keep messages and your rights.",
    ],
  },
];
