import { connect } from "node:net";
import { check, query, request, sleep, startApi, stopApi, unique } from "../harness.ts";
import { scenario } from "../scenario.ts";

/**
 * A contact form post is half sent when SIGTERM arrives: the API refuses new connections, finishes
 * that request (201, stored), closes the database and exits 0.
 */
export default scenario({
  key: "graceful",
  name: "graceful shutdown (SIGTERM with a request half received)",
  breaks: "SIGTERM reaches the API while a contact form post is half received.",
  holds:
    "New connections are refused, the request in flight is answered 201 and stored, the database closes and the process exits 0.",
  async run({ pg, dataDir, failures }) {
    const api = await startApi({ DATABASE_URL: pg.url, DATA_DIR: dataDir });
    const { port } = new URL(api.url);
    const email = unique("graceful");
    const body = JSON.stringify({
      name: "Graceful",
      email,
      subject: "feedback",
      message: "Sent across a SIGTERM.",
    });
    const socket = connect(Number(port), "127.0.0.1");
    let response = "";
    socket.on("data", (chunk) => {
      response += chunk;
    });
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    const half = Math.floor(body.length / 2);
    socket.write(
      `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
    );
    await sleep(300);
    const termAt = performance.now();
    api.child.kill("SIGTERM");
    await sleep(300);
    const late = await request(api.url, "GET", "/api/categories", undefined, {}, 2000);
    check(
      late.status === 0 || late.status === 503,
      `a new request during shutdown got ${late.status}`,
      failures,
    );
    socket.write(body.slice(half));
    await Promise.race([closed, sleep(10_000)]);
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0);
    check(status === 201, `the request in flight got ${status || "no answer"}`, failures);
    const exit = await Promise.race([api.exited, sleep(15_000).then(() => undefined)]);
    const exitMs = Math.round(performance.now() - termAt);
    check(exit?.code === 0, `exit: ${JSON.stringify(exit) ?? "still running after 15 s"}`, failures);
    if (!exit) await stopApi(api);
    const stored = await query(pg.url, "select 1 from contacts where lower(email) = $1", [
      email.toLowerCase(),
    ]);
    check(stored.length === 1, "the finished request's contact message is not in the database", failures);
    return {
      acknowledged: `in-flight POST /api/contact answered ${status}; a new request during shutdown: ${late.status === 0 ? "connection refused" : late.status}`,
      found: `process exited ${exit?.code} after ${exitMs} ms; contact rows for it: ${stored.length}`,
    };
  },
});
