import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.ts";
import { adminUsers, auditLog } from "../src/db/schema.ts";
import {
  AdminAccountError,
  createAdminAccount,
  resetAdminPassword,
} from "../src/modules/auth/admin-accounts.ts";
import { verifyPassword } from "../src/modules/auth/passwords.ts";
import { bearer, login } from "./admin-helpers.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

/** The functions behind `npm run admin:create` and `npm run admin:reset-password`. */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe("creating an administrator", () => {
  it("generates a password when none is given, and that password signs in", async () => {
    const result = await createAdminAccount(api.database.db, {
      email: "Jane.Smith@Example.co.uk",
      name: "Jane Smith",
    });
    expect(result.email).toBe("jane.smith@example.co.uk");
    expect(result.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const res = await login(api.app, {
      email: "jane.smith@example.co.uk",
      password: result.generatedPassword,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { name: "Jane Smith", email: "jane.smith@example.co.uk", role: "admin" },
    });
  });

  it("uses a given password and does not echo it back", async () => {
    const result = await createAdminAccount(api.database.db, {
      email: "sam@example.co.uk",
      name: "Sam Jones",
      password: "chosen-password",
    });
    expect(result.generatedPassword).toBeUndefined();
    expect(
      (await login(api.app, { email: "sam@example.co.uk", password: "chosen-password" })).statusCode,
    ).toBe(200);
  });

  it("refuses a duplicate email whatever its case, and bad input", async () => {
    await expect(
      createAdminAccount(api.database.db, { email: "JANE.SMITH@example.co.uk", name: "Another Jane" }),
    ).rejects.toThrow(
      new AdminAccountError("An administrator with email jane.smith@example.co.uk already exists"),
    );
    await expect(createAdminAccount(api.database.db, { email: "not-an-email", name: "X" })).rejects.toThrow(
      AdminAccountError,
    );
    await expect(
      createAdminAccount(api.database.db, { email: "x@example.co.uk", name: " " }),
    ).rejects.toThrow("--name is required");
    await expect(
      createAdminAccount(api.database.db, { email: "x@example.co.uk", name: "X", password: "short" }),
    ).rejects.toThrow("The password must be at least 8 characters");
    await expect(
      createAdminAccount(api.database.db, {
        email: "x@example.co.uk",
        name: "X",
        password: "pass\u0001word",
      }),
    ).rejects.toThrow("The password must not contain control characters");
  });
});

describe("resetting a password", () => {
  it("sets a new password and signs the administrator out everywhere", async () => {
    const signedIn = await login(api.app, { email: "sam@example.co.uk", password: "chosen-password" });
    const token = (signedIn.json() as { token: string }).token;
    const result = await resetAdminPassword(api.database.db, { email: "SAM@example.co.uk" });
    expect(result.sessionsRevoked).toBeGreaterThanOrEqual(1);
    expect(result.generatedPassword).toBeDefined();
    expect((await api.app.inject({ url: "/api/admin/auth/me", headers: bearer(token) })).statusCode).toBe(
      401,
    );
    expect(
      (await login(api.app, { email: "sam@example.co.uk", password: "chosen-password" })).statusCode,
    ).toBe(401);
    const fresh = await login(api.app, { email: "sam@example.co.uk", password: result.generatedPassword });
    expect(fresh.statusCode).toBe(200);
  });

  it("refuses an unknown email", async () => {
    await expect(resetAdminPassword(api.database.db, { email: "nobody@example.co.uk" })).rejects.toThrow(
      "No administrator has email nobody@example.co.uk",
    );
  });

  it("audits both as the operator, without passwords", async () => {
    const rows = await api.database.db.select().from(auditLog);
    const byOperator = rows.filter((row) => row.actorEmail === "operator");
    expect(byOperator.map((row) => row.action).sort()).toEqual(["create", "create", "password_reset"]);
    expect(byOperator.every((row) => row.actorId === null && row.entityType === "admin_user")).toBe(true);
    expect(JSON.stringify(rows)).not.toContain("chosen-password");
  });
});

describe("resetting a password after an attack", () => {
  it("unlocks the account from every network", async () => {
    const wrong = { email: "sam@example.co.uk", password: "wrong-password" };
    for (let i = 0; i < 5; i += 1) await login(api.app, wrong, `198.51.100.${40 + i}`);
    expect((await login(api.app, wrong, "198.51.100.60")).statusCode).toBe(429);
    const result = await resetAdminPassword(api.database.db, { email: "sam@example.co.uk" });
    const fresh = { email: "sam@example.co.uk", password: result.generatedPassword };
    expect((await login(api.app, fresh, "198.51.100.60")).statusCode).toBe(200);
  });
});

/**
 * The commands themselves (issue 25): a password is read from standard input, never from argv,
 * where it would stay in the shell history and show in the process list.
 */
describe("npm run admin:create and admin:reset-password", () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
  let dataDir = "";
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "pc-admin-cli-"));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Runs a command as `npm run` would, on an embedded database of its own, with `stdin` piped in. */
  function command(script: string, args: string[], stdin: string) {
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [path.join(root, "scripts", script), ...args], {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? "",
          NODE_ENV: "development",
          DATA_DIR: dataDir,
          LOG_LEVEL: "silent",
        },
        stdio: ["pipe", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk) => {
        stdout += chunk;
      });
      child.stderr.on("data", (chunk) => {
        stderr += chunk;
      });
      child.once("exit", (code) => resolve({ code, stdout, stderr }));
      child.stdin.end(stdin);
    });
  }

  async function storedHash(email: string) {
    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db.select().from(adminUsers);
      return rows.find((row) => row.email === email)?.passwordHash ?? "";
    } finally {
      await database.close();
    }
  }

  it("refuse a --password argument with a message, creating nothing", async () => {
    for (const [script, args] of [
      [
        "admin-create.ts",
        ["--email", "cli@example.co.uk", "--name", "Cli", "--password", "piped-password-1"],
      ],
      ["admin-reset-password.ts", ["--email", "cli@example.co.uk", "--password=piped-password-1"]],
    ] as const) {
      const result = await command(script, [...args], "");
      expect(result.code, script).toBe(2);
      expect(result.stderr).toContain("--password is not accepted: a password on the command line stays");
      expect(result.stderr).toContain("Pipe it on standard input instead");
    }
  });

  it("read the password from standard input, without echoing it", async () => {
    const created = await command(
      "admin-create.ts",
      ["--email", "cli@example.co.uk", "--name", "Cli"],
      "piped-password-1\n",
    );
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain("Administrator created: cli@example.co.uk");
    expect(created.stdout + created.stderr).not.toContain("piped-password-1");
    expect(await verifyPassword("piped-password-1", await storedHash("cli@example.co.uk"))).toBe(true);

    const reset = await command(
      "admin-reset-password.ts",
      ["--email", "cli@example.co.uk"],
      "piped-password-2",
    );
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).not.toContain("piped-password-2");
    expect(await verifyPassword("piped-password-2", await storedHash("cli@example.co.uk"))).toBe(true);

    // A common password piped in is refused like one typed into the form.
    const common = await command(
      "admin-reset-password.ts",
      ["--email", "cli@example.co.uk"],
      "password123\n",
    );
    expect(common.code).toBe(1);
    expect(common.stderr).toContain("This password is too common.");
    // Three commands, each starting Node and migrating an embedded database from empty, plus two
    // reads: 55-60 s on the slower two-core machines with the suite's other files running beside it.
  }, 150_000);
});
