import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { prepareDatabase } from "../src/bootstrap/prepare-database.ts";
import { createPglite, type DatabaseHandle, openDatabase, wrapPglite } from "../src/db/client.ts";
import { adminUsers, categories, medications } from "../src/db/schema.ts";
import { demoCategories, demoMedications } from "../src/demo-data/index.ts";

const config = {
  adminEmail: "admin@pharmacompare.local",
  adminPassword: "prepare-test-password",
  seedDemo: true,
};
const quiet = { info: () => {} };

async function counts(handle: DatabaseHandle) {
  const count = async (table: typeof categories | typeof medications | typeof adminUsers) =>
    (await handle.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;
  return {
    categories: await count(categories),
    medications: await count(medications),
    admins: await count(adminUsers),
  };
}

const expected = { categories: demoCategories.length, medications: demoMedications.length, admins: 1 };

/** Three database handles as three API processes would hold them, on one empty database. */
async function emptyDatabase(): Promise<{ handles: DatabaseHandle[]; dispose: () => Promise<void> }> {
  if (!process.env.TEST_DATABASE_URL) {
    // One process owns a PGlite directory: its start-ups share one handle.
    const handle = wrapPglite(await createPglite());
    return { handles: [handle, handle, handle], dispose: () => handle.close() };
  }
  const { serverUrl } = inject("pgTemplate");
  const name = `pc_prepare_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handles = await Promise.all(
    [1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), dataDir: "" })),
  );
  return {
    handles,
    async dispose() {
      await Promise.all(handles.map((handle) => handle.close()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

describe("prepareDatabase", () => {
  it("copes with several start-ups at once on an empty database: one seeds, none fails", async () => {
    const { handles, dispose } = await emptyDatabase();
    try {
      await Promise.all(handles.map((handle) => prepareDatabase(handle, config, quiet, () => {})));
      expect(await counts(handles[0] as DatabaseHandle)).toEqual(expected);
      // And a later start finds everything in place.
      await prepareDatabase(handles[0] as DatabaseHandle, config, quiet, () => {});
      expect(await counts(handles[0] as DatabaseHandle)).toEqual(expected);
    } finally {
      await dispose();
    }
  });
});

describe("a generated first password", () => {
  it("is printed once on the terminal, never logged, and must be replaced at first sign-in", async () => {
    const handle = wrapPglite(await createPglite());
    try {
      const logged: unknown[] = [];
      const printed: string[] = [];
      const log = { info: (...args: unknown[]) => logged.push(args) };
      await prepareDatabase(handle, { ...config, adminPassword: undefined }, log, (text) =>
        printed.push(text),
      );

      const terminal = printed.join("");
      const password = /password: (\S+)/.exec(terminal)?.[1];
      expect(password).toBeTruthy();
      expect(terminal).toContain("You will be asked to choose your own when you first sign in.");
      expect(JSON.stringify(logged)).not.toContain(password);
      const [admin] = await handle.db.select().from(adminUsers);
      expect(admin?.mustChangePassword).toBe(true);
      expect(admin?.passwordHash).not.toContain(password);
    } finally {
      await handle.close();
    }
  });

  it("is not asked for when ADMIN_PASSWORD was configured", async () => {
    const handle = wrapPglite(await createPglite());
    try {
      await prepareDatabase(handle, { ...config, seedDemo: false }, quiet, () => {});
      const [admin] = await handle.db.select().from(adminUsers);
      expect(admin?.mustChangePassword).toBe(false);
    } finally {
      await handle.close();
    }
  });
});
