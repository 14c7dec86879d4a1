import type { CATEGORY_IDS, SUBCATEGORY_IDS } from "./ids.ts";

/**
 * The category tree the specifications fix (public site §3, back-office §3): the demo seed, the
 * web's fallback data and the static-import rules all read it here, so they cannot disagree.
 * `aliases` are other names a price spreadsheet may give a condition (public site §5).
 */
export interface KnownSubcategory {
  id: (typeof SUBCATEGORY_IDS)[number];
  name: string;
  description: string;
  aliases?: readonly string[];
}

export interface KnownCategory {
  id: (typeof CATEGORY_IDS)[number];
  name: string;
  subcategories: readonly KnownSubcategory[];
}

export const CATEGORY_TREE: readonly KnownCategory[] = [
  {
    id: "mens-health",
    name: "Men's Health",
    subcategories: [
      {
        id: "erectile-dysfunction",
        name: "Erectile Dysfunction",
        description: "Compare prices for brand-name and generic tablets used to treat erectile dysfunction.",
        aliases: ["ED"],
      },
      {
        id: "premature-ejaculation",
        name: "Premature Ejaculation",
        description: "Compare prices for tablets and sprays licensed in the UK for premature ejaculation.",
        aliases: ["PE"],
      },
      {
        id: "hair-loss",
        name: "Hair Loss",
        description:
          "Compare prices for male pattern hair loss treatments: tablets, scalp solutions and foams.",
      },
    ],
  },
  {
    id: "womens-health",
    name: "Women's Health",
    subcategories: [
      {
        id: "oral-contraceptives",
        name: "Oral Contraceptives",
        description: "Compare prices for combined and progestogen-only contraceptive pills.",
        aliases: ["Contraceptive Pill", "The Pill"],
      },
      {
        id: "other-contraceptives",
        name: "Other Contraceptives",
        description:
          "Compare prices for contraceptive patches and vaginal rings as alternatives to the pill.",
      },
      {
        id: "morning-after-pill",
        name: "Morning After Pill",
        description:
          "Compare prices for emergency contraception tablets available from UK online pharmacies.",
        aliases: ["Emergency Contraception"],
      },
      {
        id: "period-delay",
        name: "Period Delay",
        description: "Compare prices for tablets prescribed to postpone a period.",
      },
      {
        id: "cystitis",
        name: "Cystitis",
        description:
          "Compare prices for treatments for uncomplicated urinary tract infections (cystitis) in women.",
        aliases: ["UTI"],
      },
    ],
  },
  {
    id: "weight-loss",
    name: "Weight Loss",
    subcategories: [
      {
        id: "weight-loss-medications",
        name: "Weight Loss Medications",
        description: "Compare prices for weight loss injections and tablets from UK online pharmacies.",
        aliases: ["Weight Loss"],
      },
    ],
  },
  {
    id: "skin-treatment",
    name: "Skin Treatment",
    subcategories: [
      {
        id: "acne",
        name: "Acne",
        description: "Compare prices for acne gels, creams and tablets from UK online pharmacies.",
      },
      {
        id: "eczema-dermatitis",
        name: "Eczema & Dermatitis",
        description: "Compare prices for steroid creams and ointments used for eczema and dermatitis.",
        aliases: ["Eczema", "Dermatitis", "Eczema and Dermatitis"],
      },
      {
        id: "psoriasis",
        name: "Psoriasis",
        description: "Compare prices for gels, foams, ointments and scalp treatments used for psoriasis.",
      },
      {
        id: "rosacea",
        name: "Rosacea",
        description: "Compare prices for creams and gels used to treat the redness and spots of rosacea.",
      },
      {
        id: "impetigo",
        name: "Impetigo",
        description: "Compare prices for creams used to treat impetigo, a common contagious skin infection.",
      },
    ],
  },
  {
    id: "general-health",
    name: "General Health",
    subcategories: [],
  },
];
