import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Browser tests drive Debian's Chromium, never a downloaded build. Installs it when missing
 * and we are root; otherwise stops with instructions.
 */
export const CHROMIUM_PATH = "/usr/bin/chromium";

export function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  if (process.getuid?.() !== 0) {
    process.stderr.write(
      `Chromium is missing at ${CHROMIUM_PATH}. Install Debian's package first:\n  sudo apt-get update && sudo apt-get install -y chromium\n`,
    );
    process.exit(1);
  }
  process.stdout.write("Installing Debian's chromium for the browser tests…\n");
  for (const args of [["update"], ["install", "-y", "--no-install-recommends", "chromium"]]) {
    const result = spawnSync("apt-get", args, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (result.status !== 0) {
      process.stderr.write(`apt-get ${args.join(" ")} failed; cannot run the browser tests.\n`);
      process.exit(1);
    }
  }
}

if (import.meta.main) ensureChromium();
