import { createServer, type Server } from "node:http";
import pg from "pg";

/**
 * The large feed of `npm run bench:feed` and `npm run bench -- --topology` (issue 29, issue 46):
 * one pharmacy's flat CSV of `rows` rows on the ×N catalogue (bench/catalogue.ts), its own prices
 * moved by 3 % first (changed, never held) and, past those, prices it does not have yet (new
 * rows), served from a loopback node:http server.
 */
export const FEED_PHARMACY = "bench-pharmacy-000";

const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;

export async function feedFile(databaseUrl: string, rows: number): Promise<Buffer> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows: found } = await db.query<{ name: string; dosage: string; price: string | null }>(
      `select m.name, d.dosage, p.price::text as price
       from medications m cross join lateral unnest(m.dosages) as d(dosage)
       left join prices p on p.medication_id = m.id and p.dosage = d.dosage and p.pharmacy_id = $1
       where m.id like 'bench-med-%'
       order by (p.price is null), m.id, d.dosage
       limit $2`,
      [FEED_PHARMACY, rows],
    );
    if (found.length < rows) throw new Error(`the catalogue has only ${found.length} rows to feed`);
    const lines = found.map((row) => {
      const price = row.price === null ? 20 : Math.max(0.5, Math.round(Number(row.price) * 97) / 100);
      return [quote(row.name), quote(row.dosage), price.toFixed(2), "yes"].join(",");
    });
    return Buffer.from(`medication,dosage,price,stock\n${lines.join("\n")}\n`);
  } finally {
    await db.end();
  }
}

/** Serves `body` at every path on a spare loopback port: the feed's URL and its server. */
export async function serveFeed(body: Buffer): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/csv", "content-length": body.length });
    response.end(body);
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)),
  );
  return { url: `http://127.0.0.1:${port}/prices.csv`, server };
}
