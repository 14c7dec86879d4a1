import type { Category, Subcategory } from "@pharmacompare/contract";

/**
 * The category tree the specification fixes (public site §3), for when the live API cannot be asked:
 * the header, the footer and the static-data import all use it. `aliases` are other ways a
 * spreadsheet may name a condition.
 */
interface KnownSubcategory {
  id: string;
  name: string;
  description: string;
  aliases?: string[];
}

interface KnownCategory {
  id: string;
  name: string;
  subcategories: KnownSubcategory[];
}

const knownCategories: KnownCategory[] = [
  {
    id: "mens-health",
    name: "Men's Health",
    subcategories: [
      {
        id: "erectile-dysfunction",
        name: "Erectile Dysfunction",
        description: "Tablets and gels for erectile dysfunction, such as sildenafil and tadalafil.",
        aliases: ["ED"],
      },
      {
        id: "premature-ejaculation",
        name: "Premature Ejaculation",
        description: "Tablets and sprays licensed in the UK for premature ejaculation.",
        aliases: ["PE"],
      },
      {
        id: "hair-loss",
        name: "Hair Loss",
        description: "Finasteride tablets and minoxidil treatments for hair loss.",
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
        description: "Combined and progestogen-only contraceptive pills.",
        aliases: ["Contraceptive Pill", "The Pill"],
      },
      {
        id: "other-contraceptives",
        name: "Other Contraceptives",
        description: "Contraceptive patches and vaginal rings.",
      },
      {
        id: "morning-after-pill",
        name: "Morning After Pill",
        description: "Emergency contraception tablets.",
        aliases: ["Emergency Contraception"],
      },
      {
        id: "period-delay",
        name: "Period Delay",
        description: "Tablets prescribed to postpone a period.",
      },
      {
        id: "cystitis",
        name: "Cystitis",
        description: "Treatments for uncomplicated urinary tract infections in women.",
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
        description: "Weight loss injections and tablets, including Wegovy, Mounjaro and orlistat.",
        aliases: ["Weight Loss"],
      },
    ],
  },
  {
    id: "skin-treatment",
    name: "Skin Treatment",
    subcategories: [
      { id: "acne", name: "Acne", description: "Gels, creams and tablets for acne." },
      {
        id: "eczema-dermatitis",
        name: "Eczema & Dermatitis",
        description: "Steroid creams and ointments for eczema and dermatitis.",
        aliases: ["Eczema", "Dermatitis", "Eczema and Dermatitis"],
      },
      {
        id: "psoriasis",
        name: "Psoriasis",
        description: "Gels, foams, ointments and scalp treatments for psoriasis.",
      },
      {
        id: "rosacea",
        name: "Rosacea",
        description: "Creams and gels for the redness and spots of rosacea.",
      },
      { id: "impetigo", name: "Impetigo", description: "Creams for impetigo, a contagious skin infection." },
    ],
  },
  { id: "general-health", name: "General Health", subcategories: [] },
];

/** The known tree in the API's shape, every entry active. */
export const fallbackCategories: Category[] = knownCategories.map((category) => ({
  id: category.id,
  name: category.name,
  active: true,
  subcategories: category.subcategories.map(
    (subcategory): Subcategory => ({
      id: subcategory.id,
      name: subcategory.name,
      description: subcategory.description,
      categoryId: category.id,
      active: true,
    }),
  ),
}));

const normalise = (text: string) => text.trim().toLowerCase();

const byConditionName = new Map<string, Subcategory>();
for (const category of knownCategories) {
  for (const subcategory of category.subcategories) {
    const mapped = fallbackCategories
      .find((entry) => entry.id === category.id)
      ?.subcategories.find((entry) => entry.id === subcategory.id);
    if (!mapped) continue;
    for (const name of [subcategory.id, subcategory.name, ...(subcategory.aliases ?? [])]) {
      byConditionName.set(normalise(name), mapped);
    }
  }
}

/**
 * The subcategory (and so the category) a spreadsheet's condition names: its id, its name or an
 * alias, ignoring case and surrounding spaces. Undefined when the condition has no mapped category.
 */
export function mapCondition(condition: string): Subcategory | undefined {
  return byConditionName.get(normalise(condition));
}
