import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Browser tests drive Debian's Chromium, never a downloaded build. Installs it when missing
 * and we are root; otherwise stops with instructions.
 */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/**
 * The journeys run in Debian's headless shell: the same Chromium release without the desktop
 * browser around it, which took under half the CPU per journey on this two-core machine (issue 26,
 * docs/testing.md). Lighthouse and pictures for people keep the full browser.
 */
export const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";

const PACKAGES = [
  { path: CHROMIUM_PATH, name: "chromium" },
  { path: HEADLESS_SHELL_PATH, name: "chromium-headless-shell" },
];

export function ensureChromium(): void {
  const missing = PACKAGES.filter((each) => !existsSync(each.path)).map((each) => each.name);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    process.stderr.write(
      `Missing Debian's ${missing.join(" and ")}. Install first:\n  sudo apt-get update && sudo apt-get install -y ${missing.join(" ")}\n`,
    );
    process.exit(1);
  }
  process.stdout.write(`Installing Debian's ${missing.join(" and ")} for the browser tests…\n`);
  for (const args of [["update"], ["install", "-y", "--no-install-recommends", ...missing]]) {
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
