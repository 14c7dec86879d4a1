import type { ContactSubjectValue } from "@pharmacompare/contract";
import type { ApiConfig } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { contacts } from "../../db/schema.ts";
import { plainAddress } from "../../domain/client-network.ts";
import { countWrite } from "../../domain/write-limit.ts";
import { hashEmail } from "../../email/secrets.ts";
import { contactAcknowledgementEmail } from "../../email/templates.ts";
import type { OutboxService } from "../outbox/index.ts";
import { isSuppressed } from "../subscriptions/index.ts";

export interface NewContactMessage {
  name: string;
  email: string;
  subject: ContactSubjectValue;
  message: string;
  /** The client address the request came from; the write limit counts per client network. */
  ipAddress: string | null;
}

export function createContactService(
  db: Database,
  options: { now: () => Date; config: Pick<ApiConfig, "writeRateLimit">; outbox: OutboxService },
) {
  const { now, config, outbox } = options;
  return {
    /**
     * Stores a visitor's message as "new" and queues its acknowledgement email, in one transaction,
     * unless the public write limit refuses it (429 with Retry-After; domain/write-limit.ts).
     * An address that asked for no more email gets no acknowledgement. Answers the stored id.
     */
    async submit(input: NewContactMessage): Promise<{ id: string }> {
      const at = now();
      const id = await db.transaction(async (tx) => {
        await countWrite(tx, "contact", { ipAddress: input.ipAddress, email: input.email }, at, {
          perMinute: config.writeRateLimit,
        });
        const [row] = await tx
          .insert(contacts)
          .values({
            name: input.name,
            email: input.email,
            subject: input.subject,
            message: input.message,
            status: "new",
            ipAddress: input.ipAddress === null ? null : plainAddress(input.ipAddress),
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: contacts.id });
        if (!row) throw new Error("The contact message was not stored");

        const emailHash = hashEmail(input.email);
        if (!(await isSuppressed(tx, emailHash))) {
          const links = await outbox.unsubscribeLink(tx, { emailHash });
          await outbox.enqueue(tx, {
            idempotencyKey: `contact:${row.id}:acknowledgement`,
            template: "contact-acknowledgement",
            to: input.email,
            content: contactAcknowledgementEmail(
              { subject: input.subject, receivedAt: at },
              { unsubscribe: links.unsubscribe },
            ),
            headers: links.headers,
          });
        }
        return row.id;
      });
      outbox.wake();
      return { id };
    },
  };
}
