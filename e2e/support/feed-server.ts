import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A pharmacy's price feed for the journeys (issue 29): node:http on 127.0.0.1 answering the CSV
 * last given to `answer`, at any path. The e2e stacks run with FEEDS_ALLOW_INSECURE, so the API
 * may fetch it over http from a loopback address (decision 045).
 */
export async function startFeedServer() {
  let csv = "medication,dosage,price,link,stock\n";
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/csv; charset=utf-8" }).end(csv);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/prices.csv`,
    /** The flat-CSV feed's rows from now on. */
    answer(rows: { medication: string; dosage: string; price: number }[]) {
      csv = `medication,dosage,price,link,stock\n${rows.map((row) => `"${row.medication}","${row.dosage}",${row.price},,yes\n`).join("")}`;
    },
    close: () => server.close(),
  };
}
