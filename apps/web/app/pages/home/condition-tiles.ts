/**
 * The home page's condition tiles (public site §2: ids weight-loss, ed, hair-loss, premature-ejaculation,
 * women-health). The home page promotes, so the tiles name conditions and never a medicine
 * (docs/compliance.md); the condition page they open lists the medicines.
 */
export interface ConditionTile {
  id: "weight-loss" | "ed" | "hair-loss" | "premature-ejaculation" | "women-health";
  name: string;
  description: string;
  /** The tile's accent: a light background the dark text keeps AA contrast on. */
  colour: string;
  /** An illustration under public/conditions/ (decorative: the name says what the tile is). */
  image: string;
  /** The condition page the tile opens. */
  subcategoryId: string;
}

export const conditionTiles: readonly ConditionTile[] = [
  {
    id: "weight-loss",
    name: "Weight Loss",
    description: "Compare prices for weight loss treatments, with each pharmacy's delivery and total.",
    colour: "#e0f2f1",
    image: "/conditions/weight-loss.svg",
    subcategoryId: "weight-loss-medications",
  },
  {
    id: "ed",
    name: "Erectile Dysfunction",
    description: "Branded and generic treatments side by side, cheapest first.",
    colour: "#e0ecfb",
    image: "/conditions/ed.svg",
    subcategoryId: "erectile-dysfunction",
  },
  {
    id: "hair-loss",
    name: "Hair Loss",
    description: "Tablets, foams and solutions for thinning hair, compared across pharmacies.",
    colour: "#fdf0dc",
    image: "/conditions/hair-loss.svg",
    subcategoryId: "hair-loss",
  },
  {
    id: "premature-ejaculation",
    name: "Premature Ejaculation",
    description: "Tablets and sprays, compared across registered UK pharmacies.",
    colour: "#ede7fb",
    image: "/conditions/premature-ejaculation.svg",
    subcategoryId: "premature-ejaculation",
  },
  {
    id: "women-health",
    name: "Women's Health",
    description: "Combined and progestogen-only contraceptive pills, compared across pharmacies.",
    colour: "#fce7ee",
    image: "/conditions/women-health.svg",
    subcategoryId: "oral-contraceptives",
  },
];
