export type { AlertTerms, ConsentEvent, SubscriptionTerms } from "./consent-history.ts";
export {
  alertTermsOf,
  isConfirmed,
  recordConsentConfirmation,
  recordConsentRequest,
  requestOfLink,
  sameSubscriptionTerms,
  subscriptionTermsOf,
} from "./consent-history.ts";
export { mayQueueConfirmation } from "./opt-out-throttle.ts";
