import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type ConsentTerms, consentEvents, type priceAlerts, type subscriptions } from "../../db/schema.ts";
import { hashClientAddress, hashEmail } from "../../email/secrets.ts";

/**
 * The history of consent (decision 031): every request for an alert or subscription on given
 * terms, and every confirmation of one from the address's inbox, appended in the transaction of the
 * change it belongs to and never changed. A confirm link points at its request, so confirming applies
 * exactly the terms its email described.
 */

export type SubscriptionTerms = Extract<ConsentTerms, { subscribedTo: unknown }>;
export type AlertTerms = Extract<ConsentTerms, { medicationId: string }>;
export type ConsentEvent = typeof consentEvents.$inferSelect;

/** Where a confirmation was given: the button behind an email's confirm link. */
export const CONFIRM_LINK_SOURCE = "confirm-link";

/** A subscription's terms as it stands: its interests and its scope. */
export function subscriptionTermsOf(row: typeof subscriptions.$inferSelect): SubscriptionTerms {
  return {
    priceDrops: row.priceDrops,
    newMedications: row.newMedications,
    promotions: row.promotions,
    weeklyDigest: row.weeklyDigest,
    subscribedTo: row.subscribedTo,
  };
}

/** An alert's terms as it stands: what it watches, its target and when it ends. */
export function alertTermsOf(row: typeof priceAlerts.$inferSelect): AlertTerms {
  return {
    medicationId: row.medicationId,
    dosage: row.dosage,
    kind: row.kind as AlertTerms["kind"],
    targetPrice: row.targetPrice,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Whether two subscription terms allow exactly the same email: same interests, same scope. */
export function sameSubscriptionTerms(a: SubscriptionTerms, b: SubscriptionTerms): boolean {
  const scope = (terms: SubscriptionTerms) =>
    terms.subscribedTo.map((entry) => `${entry.type}\u0000${entry.value ?? ""}`).sort();
  return (
    a.priceDrops === b.priceDrops &&
    a.newMedications === b.newMedications &&
    a.promotions === b.promotions &&
    a.weeklyDigest === b.weeklyDigest &&
    JSON.stringify(scope(a)) === JSON.stringify(scope(b))
  );
}

type Owner = { priceAlertId: string } | { subscriptionId: string };

/** Appends a visitor's request; `held`: it asks to change terms the address had confirmed. */
export async function recordConsentRequest(
  tx: Database,
  request: Owner & {
    email: string;
    terms: ConsentTerms;
    held: boolean;
    wordingVersion: string;
    source: string;
    ipAddress: string | null;
    at: Date;
  },
): Promise<ConsentEvent> {
  const [event] = await tx
    .insert(consentEvents)
    .values({
      ...("priceAlertId" in request
        ? { priceAlertId: request.priceAlertId }
        : { subscriptionId: request.subscriptionId }),
      emailHash: hashEmail(request.email),
      kind: "request",
      held: request.held,
      terms: request.terms,
      wordingVersion: request.wordingVersion,
      source: request.source,
      clientIpHash: hashClientAddress(request.ipAddress),
      createdAt: request.at,
    })
    .returning();
  if (!event) throw new Error("The consent request was not recorded");
  return event;
}

/**
 * Appends the address's confirmation of a request (or, for a link sent before the history began,
 * of the terms the row holds). A request is confirmed at most once: the unique index on
 * `request_id` makes a second confirmation of the same request fail rather than apply it twice.
 */
export async function recordConsentConfirmation(
  tx: Database,
  confirmation: Owner & {
    email: string;
    terms: ConsentTerms;
    wordingVersion: string;
    requestId: string | null;
    ipAddress: string | null;
    at: Date;
  },
): Promise<void> {
  await tx.insert(consentEvents).values({
    ...("priceAlertId" in confirmation
      ? { priceAlertId: confirmation.priceAlertId }
      : { subscriptionId: confirmation.subscriptionId }),
    emailHash: hashEmail(confirmation.email),
    kind: "confirmation",
    held: false,
    terms: confirmation.terms,
    wordingVersion: confirmation.wordingVersion,
    source: CONFIRM_LINK_SOURCE,
    clientIpHash: hashClientAddress(confirmation.ipAddress),
    requestId: confirmation.requestId,
    createdAt: confirmation.at,
  });
}

/** The request a confirm link names (a request, never a confirmation). */
export async function requestOfLink(tx: Database, consentEventId: string): Promise<ConsentEvent | undefined> {
  const [request] = await tx
    .select()
    .from(consentEvents)
    .where(and(eq(consentEvents.id, consentEventId), eq(consentEvents.kind, "request")));
  return request;
}

/**
 * Whether a request has been confirmed already. Asked after locking its alert or subscription, so
 * two clicks of one link take turns and the second finds the first's confirmation.
 */
export async function isConfirmed(tx: Database, requestId: string): Promise<boolean> {
  const [confirmation] = await tx
    .select({ id: consentEvents.id })
    .from(consentEvents)
    .where(eq(consentEvents.requestId, requestId));
  return confirmation !== undefined;
}
