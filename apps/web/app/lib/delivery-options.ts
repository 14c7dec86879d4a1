import type { DELIVERY_OPTIONS } from "@pharmacompare/contract";

export type DeliveryOptionId = (typeof DELIVERY_OPTIONS)[number];

/** How a pharmacy's delivery options are worded everywhere: its public page and the back-office. */
export const deliveryOptionLabels: Record<DeliveryOptionId, string> = {
  standard: "Standard",
  express: "Express",
  "next-day": "Next day",
  "click-collect": "Click & collect",
};
