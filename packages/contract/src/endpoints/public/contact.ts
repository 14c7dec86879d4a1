import { ContactRequest, ContactResponse } from "../../contact-api.ts";
import { defineEndpoint, refusals } from "../../endpoint.ts";

/** The contact form's write (public site §7). Never cached: it is not a read. */
export const sendContactMessage = defineEndpoint({
  method: "POST",
  path: "/api/contact",
  access: "public",
  tag: "contact",
  summary: "Send the team a message from the contact form",
  description:
    "Stores the message for the back-office. At most five messages per client address per hour " +
    "(429 after that). A filled-in honeypot field is answered like a success but not stored.",
  body: ContactRequest,
  responses: { 201: ContactResponse, ...refusals(400, 429) },
});
