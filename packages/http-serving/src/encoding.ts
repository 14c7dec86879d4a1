import { remembered } from "./remembered.ts";

/**
 * The encoding a cached answer is sent in, chosen as the servers' compression plugin would choose
 * it (decision 027): both servers' early answers and the API's response cache use it.
 */
export type Encoding = "br" | "gzip" | "identity";

/**
 * The encoding to answer in, as the compression plugin negotiates it: the highest q of br and
 * gzip (br on a tie, `*` standing for either, `x-gzip` for gzip), identity when neither is
 * acceptable or the header is absent. A header's answer is remembered (a handful in practice).
 */
export function chooseEncoding(header: string | undefined): Encoding {
  return header ? encodingFor(header) : "identity";
}

const encodingFor = remembered((header: string): Encoding => {
  let best: Encoding = "identity";
  let bestQ = 0;
  const q: Record<string, number> = {};
  for (const part of header.toLowerCase().split(",")) {
    const [token = "", ...params] = part.trim().split(";");
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = weight ? Number(weight.slice(2)) : 1;
    q[token.trim() === "x-gzip" ? "gzip" : token.trim()] = Number.isFinite(value) ? value : 0;
  }
  for (const encoding of ["br", "gzip"] as const) {
    const value = q[encoding] ?? q["*"] ?? 0;
    if (value > bestQ) {
      best = encoding;
      bestQ = value;
    }
  }
  return best;
}, 256);
