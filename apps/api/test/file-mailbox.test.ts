import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createMailTransport, mailDirectory } from "../src/email/transport.ts";
import { loggerOptions } from "../src/logger.ts";
import { capturedLog } from "./over-a-socket.ts";
import { createTestApi } from "./test-api.ts";

/**
 * The file mailbox used when SMTP_URL is unset (issue 42): each message holds an address and its
 * confirm and unsubscribe links, so the directory is the API user's alone (0700) and each file too
 * (0600), even where DATA_DIR, or DATA_DIR/mail, already existed with a looser mode. Production
 * says at start-up that mail goes to files rather than to anyone.
 */
const made: string[] = [];
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

async function dataDir(mode: number): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "pc-mailbox-"));
  made.push(dir);
  await chmod(dir, mode);
  return dir;
}

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

async function sendOne(dir: string, outboxId: string): Promise<string> {
  const transport = createMailTransport({ dataDir: dir, connections: 1 });
  try {
    const receipt = await transport.send({
      outboxId,
      from: "PharmaCompare <no-reply@pharmacompare.local>",
      to: "sam@example.co.uk",
      subject: "Confirm your price alert",
      text: "Confirm: https://www.example.test/confirm?token=abc",
      html: null,
      headers: {},
      messageId: `<${outboxId}@pharmacompare.local>`,
      date: new Date("2026-11-28T10:00:00Z"),
    });
    if (!receipt.file) throw new Error("no file written");
    return receipt.file;
  } finally {
    transport.close();
  }
}

describe("the file mailbox", () => {
  it("is created 0700 with 0600 files inside an existing, world-readable DATA_DIR", async () => {
    const dir = await dataDir(0o755);
    const file = await sendOne(dir, "first");
    expect(path.dirname(file)).toBe(mailDirectory(dir));
    expect(await modeOf(mailDirectory(dir))).toBe(0o700);
    expect(await modeOf(file)).toBe(0o600);
    expect(await readFile(file, "utf8")).toContain("To: sam@example.co.uk");
  });

  it("is made 0700 when DATA_DIR/mail already exists with a looser mode, and a rewritten file 0600", async () => {
    const dir = await dataDir(0o755);
    const mailbox = mailDirectory(dir);
    await mkdir(mailbox);
    await chmod(mailbox, 0o777);
    // A message an earlier version wrote 0644, under the name a retry of it writes again.
    const earlier = path.join(mailbox, "2026-11-28T10-00-00-000Z-retried.eml");
    await writeFile(earlier, "old");
    await chmod(earlier, 0o644);
    const file = await sendOne(dir, "retried");
    expect(file).toBe(earlier);
    expect(await modeOf(mailbox)).toBe(0o700);
    expect(await modeOf(file)).toBe(0o600);
  });
});

describe("start-up without SMTP_URL", () => {
  const started = async (env: Record<string, string>) => {
    const { stream, lines } = capturedLog();
    const api = await createTestApi(env, { logger: { ...loggerOptions("info", "api"), stream } });
    await api.close();
    return lines.filter((line) => line.level === 40).map((line) => String(line.msg));
  };
  const production = { NODE_ENV: "production", TRUST_PROXY: "loopback", SEED_DEMO: "false" };

  it("warns in production, saying mail is written to files and sent to nobody", async () => {
    const dir = await dataDir(0o700);
    const warnings = await started({ ...production, DATA_DIR: dir });
    expect(warnings).toContain(
      `SMTP_URL is not set: no email is sent; every message (confirmations, alerts, newsletters) is written as a file under ${mailDirectory(dir)} instead`,
    );
  }, 60_000);

  it("does not warn in production with SMTP_URL set, nor in development without it", async () => {
    const dir = await dataDir(0o700);
    const withSmtp = await started({
      ...production,
      DATA_DIR: dir,
      SMTP_URL: "smtps://mail.example.test:465",
    });
    expect(withSmtp.filter((warning) => warning.includes("SMTP_URL is not set"))).toEqual([]);
    const development = await started({ NODE_ENV: "development", DATA_DIR: dir });
    expect(development.filter((warning) => warning.includes("SMTP_URL is not set"))).toEqual([]);
  }, 90_000);
});
