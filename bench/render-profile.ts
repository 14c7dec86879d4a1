import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sparePort } from "./ports.ts";
import { type BenchDatabase, startProduct } from "./product.ts";
import { ensureWrk, runWrk } from "./wrk.ts";

/**
 * `npm run bench:profile [-- --db=pglite|pg] [--duration=S] [--path=/…] [--node-options=…]` (issue 47): where an
 * uncached page's time goes. The product runs as the bench runs it (production settings, logging
 * at info into a file) under V8's sampling profiler (`--cpu-prof`), while wrk asks for the
 * condition page with every request another URL, so each one is rendered. The profile's samples
 * are then put into the stages of a render by the code they were in — the API's handlers and the
 * database, React's render, the loader data's serialisation, compression, logging, the HTTP
 * servers — and printed with the functions that took the most time themselves.
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The stage a frame's code belongs to, by where the code lives (first match wins). */
const STAGES: [stage: string, test: (url: string, name: string) => boolean][] = [
  ["idle", (_url, name) => name === "(idle)"],
  ["garbage collection", (_url, name) => name === "(garbage collector)"],
  ["compression (zlib, brotli)", (url, name) => url.includes("node:zlib") || /zlib|brotli|gzip/i.test(name)],
  [
    "logging (pino, sonic-boom)",
    (url) =>
      /node_modules\/(pino|sonic-boom|pino-std-serializers|fast-redact|thread-stream)/.test(url) ||
      url.includes("request-log") ||
      url.includes("log-options"),
  ],
  [
    "loader data serialisation (turbo-stream)",
    (url) => url.includes("turbo-stream") || /encode|flatten/.test(url),
  ],
  ["React render (react-dom/server)", (url) => /react-dom|react\/cjs|node_modules\/react\//.test(url)],
  ["React Router (framework)", (url) => url.includes("react-router")],
  ["database (PGlite, pg, drizzle)", (url) => /pglite|node_modules\/pg|drizzle-orm|postgres/.test(url)],
  ["validation (zod)", (url) => url.includes("node_modules/zod")],
  [
    "HTTP servers (fastify, node:http)",
    (url) =>
      /fastify|light-my-request|find-my-way|avvio|node:_http|node:http|node:net|node:stream|node:internal\/streams/.test(
        url,
      ),
  ],
  ["our web server and pages (apps/web)", (url) => url.includes("apps/web")],
  ["our API (apps/api, packages)", (url) => url.includes("apps/api") || url.includes("packages/")],
  ["other Node internals", (url) => url.startsWith("node:")],
  ["(program, native, other)", () => true],
];

function stageOf(frame: ProfileNode["callFrame"]): string {
  return STAGES.find(([, test]) => test(frame.url, frame.functionName))?.[0] ?? "(program, native, other)";
}

/** Self time by stage and by function, in milliseconds, from one `.cpuprofile`. */
export function summariseProfile(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  // Native code (no script: zlib's compression call, a socket's write) counts toward the stage of
  // the script that called it; V8's own entries ((garbage collector), (idle), (program)) stay theirs.
  const stageFrameOf = (id: number): ProfileNode["callFrame"] | undefined => {
    let node = byId.get(id);
    while (node && !node.callFrame.url && !node.callFrame.functionName.startsWith("(")) {
      const parent = parentOf.get(node.id);
      if (parent === undefined) break;
      node = byId.get(parent);
    }
    return node?.callFrame;
  };
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  const stages = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const stage = stageOf(stageFrameOf(id) ?? frame);
    stages.set(stage, (stages.get(stage) ?? 0) + ms);
    const where = frame.url
      ? `${frame.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(apps|packages)\//, "$1/")}:${frame.lineNumber + 1}`
      : "";
    const key = `${frame.functionName || "(anonymous)"} ${where}`;
    functions.set(key, (functions.get(key) ?? 0) + ms);
  }
  return { stages, functions };
}

/** A Chrome DevTools Protocol session with the product's inspector (Node's global WebSocket). */
async function connectInspector(port: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  if (!target) throw new Error("the product's inspector lists no target");
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let nextId = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  return {
    send(method: string, params: object = {}): Promise<unknown> {
      nextId += 1;
      const id = nextId;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        socket.send(JSON.stringify({ id, method, params }));
      });
    },
    close: () => socket.close(),
  };
}

function flag(name: string): string | undefined {
  return process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

const database = (flag("db") ?? "pglite") as BenchDatabase;
const duration = Number(flag("duration") ?? 10);
const pagePath = flag("path") ?? "/condition/weight-loss-medications";
ensureWrk();
const inspectorPort = await sparePort();
const product = await startProduct(database, "production", undefined, {
  // `--node-options=…` tries a runtime setting, e.g. a larger young generation for the render's garbage.
  env: { NODE_OPTIONS: `--inspect=127.0.0.1:${inspectorPort} ${flag("node-options") ?? ""}`.trim() },
});
let measured: Awaited<ReturnType<typeof runWrk>>;
let profile: CpuProfile;
try {
  const load = (seconds: number) =>
    runWrk({
      url: `${product.siteUrl}${pagePath}`,
      headers: { "accept-encoding": "br, gzip" },
      duration: seconds,
      serverPid: product.pid ?? 0,
      uncached: true,
    });
  // Warmed first, unprofiled: the first renders compile the code. Then only the load is profiled,
  // not the start-up or the demo's seeding, through the inspector (the Chrome DevTools Protocol).
  await load(2);
  const inspector = await connectInspector(inspectorPort);
  await inspector.send("Profiler.enable");
  await inspector.send("Profiler.start");
  measured = await load(duration);
  profile = ((await inspector.send("Profiler.stop")) as { profile: CpuProfile }).profile;
  inspector.close();
} finally {
  await product.stop();
}
const { stages, functions } = summariseProfile(profile);
const busy = [...stages].filter(([stage]) => stage !== "idle").reduce((sum, [, ms]) => sum + ms, 0);
const pct = (ms: number) => `${((100 * ms) / busy).toFixed(1).padStart(5)} %`;
process.stdout.write(
  `bench:profile ${database}${flag("node-options") ? ` (${flag("node-options")})` : ""}, ${pagePath} uncached (br, gzip), ${duration} s at 50 connections: ` +
    `${Math.round(measured.perSecond)} req/s, p50 ${measured.p50.toFixed(0)} ms, ${new Date().toISOString()}\n` +
    `  busy CPU ${(busy / 1000).toFixed(1)} s (idle ${((stages.get("idle") ?? 0) / 1000).toFixed(1)} s), by stage (self time):\n`,
);
for (const [stage, ms] of [...stages].filter(([s]) => s !== "idle").sort((a, b) => b[1] - a[1]))
  process.stdout.write(`    ${pct(ms)}  ${stage}\n`);
process.stdout.write("  the functions with the most self time:\n");
for (const [name, ms] of [...functions]
  .filter(([n]) => !n.startsWith("(idle)"))
  .sort((a, b) => b[1] - a[1])
  .slice(0, 25))
  process.stdout.write(`    ${pct(ms)}  ${name}\n`);
if (process.argv.includes("--keep")) {
  const file = path.join(tmpdir(), `condition-render-${Date.now()}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  process.stdout.write(`  profile kept (open it in Chromium's DevTools): ${file}\n`);
}
