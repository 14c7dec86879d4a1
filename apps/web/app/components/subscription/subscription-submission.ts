import { publicEndpoints, type SubscribeRequest, subscriptionMessages } from "@pharmacompare/contract";
import { formFailure } from "../../lib/form-refusal.ts";
import { type SendVisitorForm, sendVisitorForm, type VisitorForm } from "../../lib/visitor-form.ts";
import { readSubscribeForm, type SubscribeOutcome, type SubscribeValues } from "./subscribe-fields.ts";

const subscribeForm: VisitorForm<SubscribeValues, { message: string }, SubscribeOutcome> = {
  failure: "subscribe: not subscribed",
  read: readSubscribeForm,
  call: (api, values, init) => {
    const body: SubscribeRequest = values;
    return api.call(publicEndpoints.subscribe, { body }, init);
  },
  sent: (answer) => ({
    status: "success",
    message: answer.message.trim() || subscriptionMessages.successFallback,
  }),
  refused: (error, values) => ({
    status: "error",
    ...formFailure(error, { email: "Email" }, subscriptionMessages.failure),
    values,
  }),
};

/**
 * Subscribes an address to price updates (public site §4, §7, §8): success with the server's
 * message, else "Successfully subscribed to price updates!"; a refusal about the address beside
 * the email field; otherwise the server's message, else "Error subscribing. Please try again.".
 * The cause of a failure goes to `log` (the server action's log, decision 032). Never throws, so the
 * form's submitting state always ends.
 */
export const sendSubscription: SendVisitorForm<SubscribeOutcome> = (api, form, init, log) =>
  sendVisitorForm(subscribeForm, api, form, init, log);
