import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { AdminContact } from "../../entities.ts";
import { CONTACT_STATUSES } from "../../ids.ts";
import { MessageResponse } from "./auth.ts";
import { adminListPage, adminListQuery } from "./list-convention.ts";

/**
 * The back-office's inbox of contact-form messages (back-office §2 Contact Messages, §4, §7, §9).
 * The subject labels are the contract's `contactSubjectLabels` (contact-api.ts).
 */

export const CONTACT_PAGE_LIMITS = { default: 10, max: 100 } as const;

const contactStatus = z.enum(CONTACT_STATUSES, { error: `must be one of: ${CONTACT_STATUSES.join(", ")}` });

/**
 * `GET /api/admin/contacts`: newest first, 10 a page; `search` is a case-insensitive substring of
 * the name, email or message; `status` one of new, read, replied, resolved.
 */
export const ContactListQuery = adminListQuery(CONTACT_PAGE_LIMITS).extend({
  status: contactStatus.optional(),
});
export type ContactListQuery = z.input<typeof ContactListQuery>;

export const ContactPage = adminListPage("contacts", AdminContact);
export type ContactPage = z.infer<typeof ContactPage>;

export const ContactIdParams = z.object({ id: z.uuid({ error: "must be a contact id" }) });

/** Any status may be set directly (back-office §4). */
export const ContactStatusInput = z.object({ status: contactStatus });
export type ContactStatusInput = z.input<typeof ContactStatusInput>;

export const AdminContactResponse = z.object({ contact: AdminContact });
export type AdminContactResponse = z.infer<typeof AdminContactResponse>;

export const listContacts = defineEndpoint({
  method: "GET",
  path: "/api/admin/contacts",
  access: "admin",
  tag: "contacts",
  summary: "Contact messages, newest first, paged, searched and filtered by status",
  query: ContactListQuery,
  responses: { 200: ContactPage, ...refusals(400) },
});

export const updateContactStatus = defineEndpoint({
  method: "PUT",
  path: "/api/admin/contacts/:id/status",
  access: "admin",
  tag: "contacts",
  summary: "Set a contact message's status (new, read, replied or resolved)",
  params: ContactIdParams,
  body: ContactStatusInput,
  responses: { 200: AdminContactResponse, ...refusals(400, 404) },
});

export const deleteContact = defineEndpoint({
  method: "DELETE",
  path: "/api/admin/contacts/:id",
  access: "admin",
  tag: "contacts",
  summary: "Delete a contact message",
  params: ContactIdParams,
  responses: { 200: MessageResponse, ...refusals(400, 404) },
});
