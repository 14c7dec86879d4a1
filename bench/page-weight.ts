import { databaseSchema } from "@pharmacompare/api";
import { sql } from "drizzle-orm";
import { publicRouteIds, readManifest, routeJavaScript } from "../scripts/route-javascript.ts";
import { type ProductDatabase, withProductDatabase } from "./product.ts";

/**
 * What a page weighs (issue 47): the condition page's HTML and the hydration data in it, measured
 * with 20 pharmacies listed, and every public route's JavaScript. The demo lists at most 15
 * pharmacies for one dosage, so before the product starts (PGlite admits one process) the dosage
 * of Sildenafil that most pharmacies price is given to more of them, copies of its cheapest price,
 * until 20 do. No other bench case reads Sildenafil.
 */
export const CONDITION_HTML_GOAL = 50 * 1024;
export const HYDRATION_GOAL = 8 * 1024;
export const ROUTE_JAVASCRIPT_GOAL = 120 * 1024;
const LISTED = 20;
const SUBCATEGORY = "erectile-dysfunction";
const MEDICATION = "Sildenafil";

/** Tops the most-priced dosage of Sildenafil up to 20 pharmacies; returns the page that lists them. */
export async function listTwentyPharmacies(target: ProductDatabase): Promise<string> {
  return withProductDatabase(target, async (database) => {
    const { prices, medications, pharmacies } = databaseSchema;
    const { db } = database;
    const found = (await db.execute(sql`
      select p.medication_id as "medicationId", p.dosage, count(*)::int as listed
      from ${prices} p join ${medications} m on m.id = p.medication_id
      where m.name = ${MEDICATION} and m.subcategory_id = ${SUBCATEGORY}
      group by p.medication_id, p.dosage order by listed desc, p.dosage limit 1`)) as unknown as {
      rows: { medicationId: string; dosage: string; listed: number }[];
    };
    const most = found.rows[0];
    if (!most) throw new Error(`the demo has no ${MEDICATION} prices`);
    await db.execute(sql`
      insert into ${prices} (medication_id, pharmacy_id, dosage, price, quantity, in_stock, link)
      select c.medication_id, ph.id, c.dosage, c.price + 1, c.quantity, true, c.link
      from (select * from ${prices} where medication_id = ${most.medicationId} and dosage = ${most.dosage}
            order by price limit 1) c
      cross join (select id from ${pharmacies} where active
                  and id not in (select pharmacy_id from ${prices}
                                 where medication_id = ${most.medicationId} and dosage = ${most.dosage})
                  order by id limit ${Math.max(0, LISTED - most.listed)}) ph`);
    return `/condition/${SUBCATEGORY}?${new URLSearchParams({ medication: MEDICATION, dosage: most.dosage })}`;
  });
}

export interface PageWeight {
  html: number;
  /** Distinct click-out ids on the page: the pharmacies listed. */
  rows: number;
  /** Characters of the inline scripts that hand the loaders' data to the browser. */
  hydration: number;
}

/** The page as a client that takes no compression receives it. */
export async function weighPage(url: string): Promise<PageWeight> {
  const answer = await fetch(url, { headers: { "accept-encoding": "identity" } });
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
  const html = await answer.text();
  const rows = new Set(html.match(/\/go\/[0-9a-f-]{36}/g) ?? []).size;
  let hydration = 0;
  for (const [, body = ""] of html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)) {
    if (body.includes("__reactRouterContext.streamController")) hydration += body.length;
  }
  return { html: Buffer.byteLength(html), rows, hydration };
}

/** Every public route's JavaScript in gzip bytes, largest first. */
export function publicRouteJavaScript(): { route: string; bytes: number }[] {
  const manifest = readManifest();
  return publicRouteIds(manifest)
    .map((route) => ({ route: route.replace(/^routes\//, ""), bytes: routeJavaScript(manifest, route) }))
    .sort((a, b) => b.bytes - a.bytes);
}
