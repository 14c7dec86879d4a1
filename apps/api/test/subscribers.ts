import { subscriptions } from "../src/db/schema.ts";
import { type ParsedMail, parseMail } from "./mail-message.ts";
import type { ReceivedMail } from "./smtp-sink.ts";
import type { TestApi } from "./test-api.ts";

/**
 * The mail tests' subscribers and what reaches them (price news, newsletters): stored as the
 * double opt-in leaves them, rather than clicked through it, so each test starts where it means to.
 */

type Overrides = Partial<typeof subscriptions.$inferInsert>;

/**
 * A maker of subscribers as the double opt-in leaves one: confirmed now, to everything (price drops
 * and promotions too) unless told. `api` is read at each call, as a suite sets it up in beforeAll.
 */
export function confirmedSubscribers(api: () => TestApi, now: () => Date) {
  return async function subscriber(email: string, overrides: Overrides = {}) {
    const [row] = await api()
      .database.db.insert(subscriptions)
      .values({
        email,
        status: "active",
        source: "popup",
        subscribedTo: [{ type: "all", value: null }],
        confirmedAt: now(),
        consentVersion: "test",
        consentedAt: now(),
        consentSource: "popup",
        ...overrides,
      })
      .returning();
    if (!row) throw new Error("not stored");
    return row;
  };
}

/** What a subscriber follows: these conditions. */
export const follows = (...conditions: string[]) => conditions.map((value) => ({ type: "condition", value }));

/** The messages to `email` the sink received from the `from`th on, parsed. */
export function mailReader(received: readonly ReceivedMail[]) {
  return (email: string, from: number): ParsedMail[] =>
    received
      .slice(from)
      .filter((mail) => mail.to.includes(email))
      .map((mail) => parseMail(mail.raw));
}
