import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { markedScriptHashes } from "./marked-script-hashes.ts";

const hash = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("markedScriptHashes", () => {
  it("hashes the text of each script carrying the render's marker, once each, and no other script", () => {
    const html = [
      '<script nonce="M1" type="module" async="">import("/a.js")</script>',
      '<script type="application/ld+json">{"@type":"Thing"}</script>',
      '<script nonce="M1">window.__ctx = {"price":"£12.99"}</SCRIPT>',
      '<script nonce="guess">steal()</script>',
      '<script nonce="M1">import("/a.js")</script>',
    ].join("\n");
    expect(markedScriptHashes(html, "M1")).toEqual([
      hash('import("/a.js")'),
      hash('window.__ctx = {"price":"£12.99"}'),
    ]);
  });

  it("hashes as browsers do, after the parser turns CR LF and CR into LF", () => {
    expect(markedScriptHashes('<script nonce="M">a();\r\nb();\rc()</script>', "M")).toEqual([
      hash("a();\nb();\nc()"),
    ]);
  });

  it("refuses a page it cannot hash plainly: a marked script with a file, without an end, or with <!--", () => {
    expect(markedScriptHashes('<script nonce="M" src="/x.js"></script>', "M")).toBeNull();
    expect(markedScriptHashes('<script nonce="M">a()', "M")).toBeNull();
    expect(markedScriptHashes('<script nonce="M">a("<!--<script>")</script>', "M")).toBeNull();
    expect(markedScriptHashes("<p>no scripts</p>", "M")).toEqual([]);
  });
});
