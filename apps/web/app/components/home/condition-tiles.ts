/** The home page's condition tiles (public site §2: ids weight-loss, ed, hair-loss, premature-ejaculation, women-health). */
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
    description: "Compare weekly injections such as Wegovy and Mounjaro, and capsules such as orlistat.",
    colour: "#e0f2f1",
    image: "/conditions/weight-loss.svg",
    subcategoryId: "weight-loss-medications",
  },
  {
    id: "ed",
    name: "Erectile Dysfunction",
    description: "Branded and generic treatments side by side, from Viagra to sildenafil and tadalafil.",
    colour: "#e0ecfb",
    image: "/conditions/ed.svg",
    subcategoryId: "erectile-dysfunction",
  },
  {
    id: "hair-loss",
    name: "Hair Loss",
    description: "Finasteride tablets and minoxidil foams and solutions for thinning hair.",
    colour: "#fdf0dc",
    image: "/conditions/hair-loss.svg",
    subcategoryId: "hair-loss",
  },
  {
    id: "premature-ejaculation",
    name: "Premature Ejaculation",
    description: "Tablets and sprays such as Priligy and Fortacin, compared across pharmacies.",
    colour: "#ede7fb",
    image: "/conditions/premature-ejaculation.svg",
    subcategoryId: "premature-ejaculation",
  },
  {
    id: "women-health",
    name: "Women's Health",
    description: "Combined and progestogen-only contraceptive pills, from Microgynon to Cerazette.",
    colour: "#fce7ee",
    image: "/conditions/women-health.svg",
    subcategoryId: "oral-contraceptives",
  },
];
