import {
  CONTACT_HONEYPOT_FIELD,
  ContactRequest,
  ContactResponse,
  contactApiPath,
  contactMessages,
  ErrorBody,
} from "@pharmacompare/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** The contact form's write (public site §7). Never cached: it is not a read. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    contactApiPath,
    {
      schema: {
        tags: ["contact"],
        summary: "Send the team a message from the contact form",
        description:
          "Stores the message for the back-office. At most five messages per client address per hour " +
          "(429 after that). A filled-in honeypot field is answered like a success but not stored.",
        body: ContactRequest,
        response: { 201: ContactResponse, 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { [CONTACT_HONEYPOT_FIELD]: honeypot, ...fields } = request.body;
      // A bot that is told it failed just tries again differently; one told it succeeded stops.
      if (honeypot?.trim()) {
        request.log.info("contact form honeypot filled in: message discarded");
        return reply.code(201).send({ ok: true, message: contactMessages.success });
      }
      const result = await app.services.contact.submit({ ...fields, ipAddress: request.ip || null });
      if (result.outcome === "too-many") {
        return reply
          .code(429)
          .header("Retry-After", String(result.retryAfterSeconds))
          .send({ error: contactMessages.tooMany });
      }
      request.log.info({ contactId: result.id }, "contact message stored");
      return reply.code(201).send({ ok: true, message: contactMessages.success });
    },
  );
};
