import {
  DEFAULT_SUBSCRIPTION_PREFERENCES,
  SUBSCRIPTION_SOURCES,
  type SubscriptionPreferences,
} from "@pharmacompare/contract";
import { formText } from "../../lib/form-text.ts";

/*
 * What the subscription forms show and post, apart from sending it: the browser's first
 * JavaScript needs this, while the sending (and the contract's schemas) loads when a form is used
 * (decision 025).
 */

type SubscriptionSource = (typeof SUBSCRIPTION_SOURCES)[number];

/** The interests, in the order the form lists them, with their labels. */
export const INTERESTS: readonly { name: keyof SubscriptionPreferences; label: string }[] = [
  { name: "priceDrops", label: "Price drops" },
  { name: "newMedications", label: "New medications" },
  { name: "promotions", label: "Promotions" },
  { name: "weeklyDigest", label: "Weekly digest" },
];

/**
 * A form that shows the interest checkboxes says so with this hidden field, so that boxes left
 * unticked count as "no"; a form without them (the footer's) takes the defaults.
 */
export const INTERESTS_SHOWN_FIELD = "interests";

/**
 * A form that lists conditions (the subscribe page's) says so with this hidden field: its ticked
 * boxes are the conditions followed, none ticked meaning every condition (issue 28). A form
 * without the list follows every condition.
 */
export const CONDITIONS_SHOWN_FIELD = "conditionsShown";

export interface SubscribeValues {
  email: string;
  source: SubscriptionSource;
  preferences: SubscriptionPreferences;
  /** The conditions (subcategory ids) chosen, when the form lists them. */
  conditions?: string[];
}

export type SubscribeOutcome =
  | { status: "success"; message: string }
  | {
      status: "error";
      /** The notice, or undefined when the problem is shown beside the email field. */
      message: string | undefined;
      fields: { email?: string };
      values: SubscribeValues;
    };

function isSource(value: string): value is SubscriptionSource {
  return (SUBSCRIPTION_SOURCES as readonly string[]).includes(value);
}

export function readSubscribeForm(form: FormData): SubscribeValues {
  const source = formText(form, "source");
  const preferences =
    form.get(INTERESTS_SHOWN_FIELD) === null
      ? { ...DEFAULT_SUBSCRIPTION_PREFERENCES }
      : (Object.fromEntries(
          INTERESTS.map(({ name }) => [name, form.get(name) !== null]),
        ) as SubscriptionPreferences);
  const conditions =
    form.get(CONDITIONS_SHOWN_FIELD) === null
      ? undefined
      : form.getAll("condition").filter((value): value is string => typeof value === "string");
  return {
    email: formText(form, "email").trim(),
    // Only the forms' own sources; anything else is the footer's (the no-JavaScript page's default).
    source: isSource(source) ? source : "footer",
    preferences,
    ...(conditions ? { conditions } : {}),
  };
}
