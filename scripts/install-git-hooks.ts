import { spawnSync } from "node:child_process";

/**
 * `npm ci`'s prepare step: git runs the repository's own hooks (.githooks/, the commit message
 * rule of issue 43), so a fresh clone checks its first commit. Outside a git work tree (an
 * unpacked archive) there is nothing to install.
 */
const inside = spawnSync("git", ["rev-parse", "--is-inside-work-tree"], { encoding: "utf8" });
if (inside.status === 0 && inside.stdout.trim() === "true") {
  spawnSync("git", ["config", "core.hooksPath", ".githooks"], { stdio: "inherit" });
}
