import { connect } from "node:net";

/**
 * Sends `bytes` to a server on loopback as they are, byte by byte what an attacker can send
 * (`fetch` would normalise the target and the body), and returns what came back until the server
 * closed the connection (every request in these tests asks it to) or `ms` passed, which rejects:
 * a server that hangs is a finding too. Used by the raw-socket and form-body fuzzers.
 */
export function exchange(port: number, bytes: string | Buffer, ms = 5_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no end of answer within ${ms} ms to ${JSON.stringify(String(bytes).slice(0, 200))}`));
    }, ms);
    socket.on("data", (chunk) => chunks.push(chunk));
    // A reset after the answer (the server closing on a request it refused) still ends it.
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString("latin1"));
    });
    socket.write(bytes);
  });
}

/** The status codes of every answer in a raw exchange (a pipelined request can have two). */
export const statuses = (raw: string) =>
  [...raw.matchAll(/^HTTP\/1\.[01] (\d{3})/gm)].map((match) => Number(match[1]));
