import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { demoBlogPosts } from "../apps/api/src/demo-data/index.ts";

/*
 * The server's HTML is valid HTML: the W3C Nu checker (the `vnu-jar` package, run on the machine's
 * Java) reads every kind of page as the server sends it, before any script runs. A browser forgives
 * invalid markup in ways that differ between browsers and assistive technologies (a `legend` that is
 * not the first child of its fieldset names nothing; an ARIA role an element may not take is
 * ignored), which is why it is checked here and not left to the eye.
 */

const BAD_TOKEN = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFG";
const pages = [
  "/",
  "/condition/erectile-dysfunction",
  "/condition/weight-loss-medications?medication=Wegovy&sort=total",
  "/pharmacies/kestrel-lane-pharmacy",
  "/search?q=viagra",
  "/blog",
  `/blog/${demoBlogPosts[0]?.slug}`,
  "/about",
  "/contact",
  "/privacy",
  "/cookies",
  "/disclaimer",
  "/how-we-rank",
  "/subscribe",
  `/confirm?token=${BAD_TOKEN}`,
  `/unsubscribe?token=${BAD_TOKEN}`,
  `/manage-emails?token=${BAD_TOKEN}`,
  "/no-such-page",
  "/admin/login",
];

const vnuJar = path.resolve("node_modules/vnu-jar/build/dist/vnu.jar");

interface NuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

test("every kind of page the server renders is valid HTML to the W3C Nu checker", async ({ request }) => {
  const folder = await mkdtemp(path.join(tmpdir(), "pharmacompare-html-"));
  try {
    const files = await Promise.all(
      pages.map(async (page, index) => {
        const response = await request.get(page);
        expect([200, 404], page).toContain(response.status());
        const file = path.join(folder, `${index}.html`);
        await writeFile(file, await response.text());
        return { page, file };
      }),
    );
    // The instrument's own check: a page with a known fault, which must be reported (or the checker did not run).
    const known = path.join(folder, "known-fault.html");
    await writeFile(
      known,
      '<!doctype html><html lang="en"><head><title>t</title></head><body><input type="search" role="combobox"></body></html>',
    );
    // One Java start for every page. The checker exits 1 when it reports errors; its report is on stderr.
    const result = await promisify(execFile)(
      "java",
      ["-jar", vnuJar, "--format", "json", "--errors-only", known, ...files.map(({ file }) => file)],
      { maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stderr?: string; code?: number | string }) => {
      if (error.code === "ENOENT")
        throw new Error("Java is needed to run the W3C Nu checker (apt-get install default-jre-headless)");
      return { stderr: error.stderr ?? "" };
    });
    const { messages } = JSON.parse(result.stderr || '{"messages":[]}') as { messages: NuMessage[] };
    const pageOf = (url: string) => files.find(({ file }) => url.endsWith(file))?.page ?? url;
    const [faults, found] = [
      messages.filter((message) => message.url.endsWith(known)),
      messages.filter((message) => !message.url.endsWith(known)),
    ];
    expect(faults.map((message) => message.message)).toContainEqual(
      expect.stringContaining("“search” for attribute “type” on element “input”"),
    );
    expect(
      found.map(
        (message) =>
          `${pageOf(message.url)}:${message.lastLine ?? "?"} ${message.message} [${message.extract?.trim() ?? ""}]`,
      ),
    ).toEqual([]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
