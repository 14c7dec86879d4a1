import { randomBytes } from "node:crypto";
import { passwordChangeMessages } from "@pharmacompare/contract";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { prepareDatabase } from "../src/bootstrap/prepare-database.ts";
import { loadApiConfig } from "../src/config.ts";
import { createPglite, type DatabaseHandle, openDatabase, wrapPglite } from "../src/db/client.ts";
import { adminUsers, categories, medications, pharmacyFeeds, prices } from "../src/db/schema.ts";
import { demoCategories, demoMedications } from "../src/demo-data/index.ts";
import { createSecretBox } from "../src/modules/auth/secret-box.ts";
import { openTotpSecret, sealTotpSecret } from "../src/modules/auth/totp-secrets.ts";
import { openFeedHeader, sealFeedHeader } from "../src/modules/feeds/feed-credentials.ts";
import { concurrencyTest, TEST_SECRETS_KEY } from "./test-api.ts";

const config = {
  ...loadApiConfig({ NODE_ENV: "test", DATA_DIR: "unused", SECRETS_KEY: TEST_SECRETS_KEY }),
  adminEmail: "admin@pharmacompare.local",
  adminPassword: "prepare-test-password",
  seedDemo: true,
  secretsKey: Buffer.from(TEST_SECRETS_KEY, "base64"),
  secretsKeyPrevious: undefined,
  dataDir: "unused",
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
  concurrencyTest(
    "copes with several start-ups at once on an empty database: one seeds, none fails",
    async () => {
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
    },
  );
});

describe("the demo's prices at each start (decision 053)", () => {
  it("are written by the first seeding only: a later start with SEED_DEMO on or off confirms nothing", async () => {
    const handle = wrapPglite(await createPglite());
    try {
      await prepareDatabase(handle, config, quiet, () => {});
      const longAgo = new Date(Date.now() - 20 * 24 * 60 * 60 * 1000);
      const [first] = await handle.db.select({ id: prices.id }).from(prices).limit(1);
      if (!first) throw new Error("the demo has no prices");
      await handle.db.update(prices).set({ lastConfirmed: longAgo }).where(eq(prices.id, first.id));
      const confirmedAt = async (id: string) =>
        (await handle.db.select({ at: prices.lastConfirmed }).from(prices).where(eq(prices.id, id)))[0]?.at;

      await prepareDatabase(handle, { ...config, seedDemo: false }, quiet, () => {});
      expect(await confirmedAt(first.id)).toEqual(longAgo);
      await prepareDatabase(handle, config, quiet, () => {});
      expect(await confirmedAt(first.id)).toEqual(longAgo);
    } finally {
      await handle.close();
    }
  }, 180_000);
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
  }, 180_000);
});

describe("an ADMIN_PASSWORD first administrator (decision 030)", () => {
  it("must also replace the password at first sign-in, which sits in deployment files", async () => {
    const handle = wrapPglite(await createPglite());
    try {
      await prepareDatabase(handle, { ...config, seedDemo: false }, quiet, () => {});
      const [admin] = await handle.db.select().from(adminUsers);
      expect(admin?.mustChangePassword).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it("is refused, naming ADMIN_PASSWORD, when the password is a common one, and nothing is created", async () => {
    const handle = wrapPglite(await createPglite());
    try {
      for (const common of ["password123", "Iloveyou1"]) {
        await expect(
          prepareDatabase(handle, { ...config, adminPassword: common, seedDemo: false }, quiet, () => {}),
        ).rejects.toThrow(`ADMIN_PASSWORD: ${passwordChangeMessages.tooCommon}`);
      }
      expect(await handle.db.select().from(adminUsers)).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});

describe("two-step verification secrets at start-up (decision 030)", () => {
  const oldKey = Buffer.alloc(32, 3);
  const newKey = Buffer.alloc(32, 4);
  const BASE32 = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
  const PENDING = "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU";

  async function adminWith(
    handle: DatabaseHandle,
    values: { totpSecret: string | null; totpPendingSecret: string | null },
  ) {
    const [admin] = await handle.db.select().from(adminUsers);
    if (!admin) throw new Error("no admin");
    await handle.db.update(adminUsers).set(values).where(eq(adminUsers.id, admin.id));
    return admin.id;
  }

  it("seals secrets stored in plaintext before this change under SECRETS_KEY", async () => {
    const handle = wrapPglite(await createPglite());
    try {
      await prepareDatabase(handle, { ...config, seedDemo: false, secretsKey: newKey }, quiet, () => {});
      const id = await adminWith(handle, { totpSecret: BASE32, totpPendingSecret: PENDING });
      await prepareDatabase(handle, { ...config, seedDemo: false, secretsKey: newKey }, quiet, () => {});
      const [row] = await handle.db.select().from(adminUsers);
      expect(JSON.stringify(row)).not.toContain(BASE32);
      expect(JSON.stringify(row)).not.toContain(PENDING);
      const box = createSecretBox({ current: newKey });
      expect(openTotpSecret(box, id, row?.totpSecret as string)).toBe(BASE32);
      expect(openTotpSecret(box, id, row?.totpPendingSecret as string)).toBe(PENDING);
    } finally {
      await handle.close();
    }
  });

  it("re-seals under the new SECRETS_KEY what SECRETS_KEY_PREVIOUS sealed, so the old key can go", async () => {
    const handle = wrapPglite(await createPglite());
    try {
      await prepareDatabase(handle, { ...config, seedDemo: false, secretsKey: oldKey }, quiet, () => {});
      const [admin] = await handle.db.select().from(adminUsers);
      const id = admin?.id as string;
      await adminWith(handle, {
        totpSecret: sealTotpSecret(createSecretBox({ current: oldKey }), id, BASE32),
        totpPendingSecret: null,
      });
      const rotating = { ...config, seedDemo: false, secretsKey: newKey, secretsKeyPrevious: oldKey };
      await prepareDatabase(handle, rotating, quiet, () => {});
      const [row] = await handle.db.select().from(adminUsers);
      expect(row?.totpPendingSecret).toBeNull();
      expect(openTotpSecret(createSecretBox({ current: newKey }), id, row?.totpSecret as string)).toBe(
        BASE32,
      );
    } finally {
      await handle.close();
    }
  });

  it("re-seals feed credentials under the new SECRETS_KEY too; one neither key opens is left for staff to enter again", async () => {
    const handle = wrapPglite(await createPglite());
    try {
      await prepareDatabase(handle, { ...config, seedDemo: true, secretsKey: oldKey }, quiet, () => {});
      const old = createSecretBox({ current: oldKey });
      const stranger = createSecretBox({ current: Buffer.alloc(32, 9) });
      await handle.db.insert(pharmacyFeeds).values([
        {
          pharmacyId: "kestrel-lane-pharmacy",
          url: "https://www.kestrellanepharmacy.example/feed.csv",
          format: "flat-csv",
          startMinute: 60,
          headerName: "Authorization",
          headerValueSealed: sealFeedHeader(old, "kestrel-lane-pharmacy", "Bearer one"),
        },
        {
          pharmacyId: "bramblewick-chemist",
          url: "https://www.bramblewickchemist.example/feed.csv",
          format: "flat-csv",
          startMinute: 61,
          headerName: "Authorization",
          headerValueSealed: sealFeedHeader(stranger, "bramblewick-chemist", "Bearer two"),
        },
      ]);
      const logged: unknown[] = [];
      const rotating = { ...config, seedDemo: true, secretsKey: newKey, secretsKeyPrevious: oldKey };
      await prepareDatabase(handle, rotating, { info: (...args: unknown[]) => logged.push(args) }, () => {});
      const rows = await handle.db.select().from(pharmacyFeeds).orderBy(pharmacyFeeds.pharmacyId);
      const current = createSecretBox({ current: newKey });
      const kestrel = rows.find((row) => row.pharmacyId === "kestrel-lane-pharmacy");
      expect(current.isCurrent(kestrel?.headerValueSealed ?? "")).toBe(true);
      expect(openFeedHeader(current, "kestrel-lane-pharmacy", kestrel?.headerValueSealed ?? "")).toBe(
        "Bearer one",
      );
      expect(logged).toContainEqual([{ feeds: 1 }, "feed credentials encrypted under SECRETS_KEY"]);
      const unreadable = rows.find((row) => row.pharmacyId === "bramblewick-chemist");
      expect(openFeedHeader(stranger, "bramblewick-chemist", unreadable?.headerValueSealed ?? "")).toBe(
        "Bearer two",
      );
      expect(logged).toContainEqual([
        { feeds: 1 },
        "SECRETS_KEY cannot decrypt some feed credentials: those feeds fail until staff enter them again",
      ]);
      expect(JSON.stringify(logged)).not.toContain("Bearer");
    } finally {
      await handle.close();
    }
  });

  it("refuses to start, naming SECRETS_KEY, when a stored secret opens under neither key", async () => {
    const handle = wrapPglite(await createPglite());
    try {
      await prepareDatabase(handle, { ...config, seedDemo: false, secretsKey: oldKey }, quiet, () => {});
      const [admin] = await handle.db.select().from(adminUsers);
      const sealed = sealTotpSecret(createSecretBox({ current: oldKey }), admin?.id as string, BASE32);
      await adminWith(handle, { totpSecret: sealed, totpPendingSecret: null });
      await expect(
        prepareDatabase(handle, { ...config, seedDemo: false, secretsKey: newKey }, quiet, () => {}),
      ).rejects.toThrow(/^SECRETS_KEY cannot decrypt 1 stored two-step verification secret: /);
      // Left as it was, for the right key to open later.
      expect((await handle.db.select().from(adminUsers))[0]?.totpSecret).toBe(sealed);
    } finally {
      await handle.close();
    }
  });
});
