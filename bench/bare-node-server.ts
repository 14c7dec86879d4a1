import { readFileSync } from "node:fs";
import { createServer } from "node:http";

/**
 * The bare-Node yardstick's process (bench/bare-node.ts): node:http, one process, answering each
 * captured answer from memory with its status and headers. Nothing else: no routing beyond a
 * lookup, no logging. Its argument is a JSON file of the answers; it prints its port when ready.
 */
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const manifest = process.argv[2];
if (!manifest) throw new Error("usage: bare-node-server.ts <answers.json>");
const answers = new Map(
  (JSON.parse(readFileSync(manifest, "utf8")) as Answer[]).map((answer, index) => {
    const body = Buffer.from(answer.body, "base64");
    return [`/${index}`, { ...answer, body, headers: { ...answer.headers, "content-length": body.length } }];
  }),
);

const server = createServer((request, response) => {
  const answer = answers.get(request.url ?? "");
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(answer.status, answer.headers);
  response.end(request.method === "HEAD" ? undefined : answer.body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === "object" && address ? address.port : 0}\n`);
});
process.once("SIGTERM", () => server.close(() => process.exit(0)));
