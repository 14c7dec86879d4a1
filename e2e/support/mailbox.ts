import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { stack } from "./stack.ts";

/** Where the e2e API writes its emails as .eml files (no SMTP_URL): DATA_DIR/mail. */
const mailDirectory = path.resolve(stack.dataDir, "mail");

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** One email as the outbox wrote it, its quoted-printable soft breaks joined and "=3D" decoded. */
export interface WrittenEmail {
  subject: string;
  raw: string;
}

/**
 * The newest email to `address` that `wanted` accepts (any, by default), once the outbox has
 * written it; fails after `timeout` ms.
 */
export async function newestEmailTo(
  address: string,
  wanted: (email: WrittenEmail) => boolean = () => true,
  timeout = 15_000,
): Promise<WrittenEmail> {
  let found: WrittenEmail | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(mailDirectory).catch(() => [] as string[])).filter((name) =>
          name.endsWith(".eml"),
        );
        for (const file of files.sort().reverse()) {
          const raw = (await readFile(path.join(mailDirectory, file), "utf8"))
            .replace(/=\r?\n/g, "")
            .replace(/=3D/gi, "=");
          if (!new RegExp(`^To: .*${escapeRegExp(address)}`, "im").test(raw)) continue;
          const email = { subject: /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? "", raw };
          if (!wanted(email)) continue;
          found = email;
          return true;
        }
        return false;
      },
      { timeout },
    )
    .toBe(true);
  return found as WrittenEmail;
}

/** A link of the site's in an email (`/confirm?token=…`), as a path for the browser. */
export function sitePath(raw: string, page: string): string {
  const match = new RegExp(`https?://[^/\\s"<>]+(/${page}\\?token=[A-Za-z0-9_-]+)`).exec(raw);
  if (!match?.[1]) throw new Error(`No ${page} link in the email`);
  return match[1];
}

/** Opens the confirmation link in `raw` and presses its button, as the subscriber does (double opt-in). */
export async function confirmFromEmail(page: Page, raw: string): Promise<void> {
  await page.goto(sitePath(raw, "confirm"));
  await page.getByRole("main").getByRole("button", { name: "Confirm my email address" }).click();
}
