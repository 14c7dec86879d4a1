import { CONTACT_HONEYPOT_FIELD, contactMessages, publicEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";

/** The contact form's write (public site §7). Never cached: it is not a read. */
export const contactRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, publicEndpoints.sendContactMessage, async (request) => {
    const { [CONTACT_HONEYPOT_FIELD]: honeypot, ...fields } = request.body;
    // A bot that is told it failed just tries again differently; one told it succeeded stops.
    if (honeypot?.trim()) {
      request.log.info("contact form honeypot filled in: message discarded");
      return { ok: true as const, message: contactMessages.success };
    }
    // Refuses with 429 and Retry-After past the per-address limit.
    const { id } = await app.services.contact.submit({ ...fields, ipAddress: request.ip || null });
    request.log.info({ contactId: id }, "contact message stored");
    return { ok: true as const, message: contactMessages.success };
  });
};
