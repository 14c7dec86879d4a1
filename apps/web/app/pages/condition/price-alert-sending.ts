import { priceAlertMessages } from "@pharmacompare/contract";
import { type PriceAlertOutcome, readPriceAlertForm } from "../../components/condition/price-alert-fields.ts";
import { browserApi } from "../../lib/browser-api.ts";

/**
 * The code that sends a price alert from the browser, with the API client and its schemas, loaded
 * on demand (decision 025). The form asks for it when it first gets focus, so it is there by the
 * time the visitor presses Set Alert, even if the connection drops in between; the route's
 * clientAction then finds it loaded.
 */
export function loadPriceAlertSending() {
  return Promise.all([
    browserApi(),
    import("../../components/condition/price-alert-submission.ts"),
    import("../../lib/stored-price-alerts.ts"),
  ]);
}

/** The answer when the sending code itself could not be fetched: the form's failure, as typed. */
export function unsentPriceAlert(form: FormData): PriceAlertOutcome {
  return {
    status: "error",
    message: priceAlertMessages.failure,
    fields: {},
    values: readPriceAlertForm(form).values,
  };
}
