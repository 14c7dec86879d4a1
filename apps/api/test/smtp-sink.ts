import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One message as the SMTP server received it: the envelope and the raw RFC 5322 text. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback for the delivery tests (smtp-server, no TLS, no auth). It keeps
 * what it receives; `stop()` and `start()` again on the same port simulate an outage; `hold()`
 * keeps the next message's answer back until released (a send in progress).
 */
export function createSmtpSink() {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let port = 0;
  /** The next message waits for `released` before it is answered. */
  let hold: { arrived: () => void; released: Promise<void> } | undefined;
  const waiters: (() => void)[] = [];
  /** Recipients the server refuses, with the SMTP reply code (5xx for good, 4xx for now). */
  const refused = new Map<string, number>();
  /** Connections made since the start, and those open now. */
  const connections = { made: 0, open: 0 };

  function build() {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ["AUTH", "STARTTLS"],
      logger: false,
      onConnect(_session, callback) {
        connections.made += 1;
        connections.open += 1;
        callback();
      },
      onClose() {
        connections.open -= 1;
      },
      onRcptTo(address, _session, callback) {
        const code = refused.get(address.address.toLowerCase());
        if (code === undefined) return callback();
        const error = Object.assign(new Error(`<${address.address}>: Recipient address rejected`), {
          responseCode: code,
        });
        callback(error);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", async () => {
          const holding = hold;
          hold = undefined;
          if (holding) {
            holding.arrived();
            await holding.released;
          }
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        });
      },
    });
  }

  return {
    received,
    connections,
    /** Refuses mail to `address` with `code` (until `accept`). */
    refuse(address: string, code: number) {
      refused.set(address.toLowerCase(), code);
    },
    accept(address: string) {
      refused.delete(address.toLowerCase());
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    /** Listens on loopback: a free port the first time, the same port after a stop. */
    async start(): Promise<void> {
      const listening = build();
      server = listening;
      await new Promise<void>((resolve, reject) => {
        listening.server.once("error", reject);
        listening.listen(port, "127.0.0.1", () => {
          port = (listening.server.address() as AddressInfo).port;
          resolve();
        });
      });
    },
    async stop(): Promise<void> {
      const closing = server;
      server = undefined;
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    /**
     * Keeps the answer to the next message back (the sender is mid-send) until `release()`;
     * `arrived` resolves when that message has come in.
     */
    hold(): { arrived: Promise<void>; release: () => void } {
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let arrived: () => void = () => {};
      const arrival = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      hold = { arrived, released };
      return { arrived: arrival, release };
    },
    /** Resolves once at least `count` messages have arrived. */
    async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedMail[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} messages, received ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return received;
    },
  };
}
