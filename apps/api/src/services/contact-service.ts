import { CONTACT_LIMITS, type ContactSubjectValue, contactMessages } from "@pharmacompare/contract";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { clientNetwork, isIpv6Network, plainAddress } from "../auth/client-network.ts";
import type { Database } from "../db/client.ts";
import { contacts } from "../db/schema.ts";
import { tooManyRequests } from "../plugins/refusal.ts";

export interface NewContactMessage {
  name: string;
  email: string;
  subject: ContactSubjectValue;
  message: string;
  /** The client address the request came from; the abuse guard counts per address. */
  ipAddress: string | null;
}

/** Namespace of the per-address advisory lock (migrations use 727001). */
const CONTACT_LOCK_NAMESPACE = sql.raw("727002");

export type ContactService = ReturnType<typeof createContactService>;

export function createContactService(db: Database, options: { now: () => Date }) {
  return {
    /**
     * Stores a visitor's message as "new", unless its address already sent
     * {@link CONTACT_LIMITS.perAddress} within the last hour: then it refuses with 429 and
     * Retry-After. The count is read from the contacts table itself, so the limit holds across API
     * processes and restarts. Answers the stored message's id.
     */
    async submit(input: NewContactMessage): Promise<{ id: string }> {
      const now = options.now();
      const windowStart = new Date(now.getTime() - CONTACT_LIMITS.windowMs);
      return db.transaction(async (tx) => {
        // Serialise submissions from one address (in every process): two concurrent requests must
        // not both see four earlier messages and both store a fifth and sixth.
        const network = input.ipAddress === null ? null : clientNetwork(input.ipAddress);
        await tx.execute(
          sql`select pg_advisory_xact_lock(${CONTACT_LOCK_NAMESPACE}, hashtext(${network ?? ""}))`,
        );
        // An IPv6 client counts as its whole /64 (it could rotate through it); IPv4 by address.
        const sameAddress =
          network === null
            ? isNull(contacts.ipAddress)
            : isIpv6Network(network)
              ? sql`${contacts.ipAddress} like '%:%' and network(set_masklen(${contacts.ipAddress}::inet, 64)) = ${network}::cidr`
              : eq(contacts.ipAddress, network);
        const recent = await tx
          .select({ createdAt: contacts.createdAt })
          .from(contacts)
          .where(and(sameAddress, gt(contacts.createdAt, windowStart)))
          .orderBy(asc(contacts.createdAt))
          .limit(CONTACT_LIMITS.perAddress);
        const oldest = recent[0];
        if (oldest && recent.length >= CONTACT_LIMITS.perAddress) {
          const freeAt = oldest.createdAt.getTime() + CONTACT_LIMITS.windowMs;
          const retryAfterSeconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
          throw tooManyRequests(contactMessages.tooMany, retryAfterSeconds);
        }
        const [row] = await tx
          .insert(contacts)
          .values({
            name: input.name,
            email: input.email,
            subject: input.subject,
            message: input.message,
            status: "new",
            ipAddress: input.ipAddress === null ? null : plainAddress(input.ipAddress),
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: contacts.id });
        if (!row) throw new Error("The contact message was not stored");
        return { id: row.id };
      });
    },
  };
}
