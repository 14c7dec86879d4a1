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
    import("./price-alert-submission.ts"),
    import("../../lib/stored-price-alerts.ts"),
  ]);
}
