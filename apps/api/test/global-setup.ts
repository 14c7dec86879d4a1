import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { ensureFirstAdmin } from "../src/bootstrap/first-admin.ts";
import { createPglite, openDatabase, wrapPglite } from "../src/db/client.ts";
import { adminUsers } from "../src/db/schema.ts";
import { seedDemoCatalogue } from "../src/seed/seed-demo.ts";
import { TEST_ADMIN } from "./fixtures.ts";
// The seeded admin's hash at the suite's lower cost too, so sign-ins never pay for N=2^17.
import "./password-cost.ts";

/**
 * Builds one migrated, seeded database and hands each test file a cheap copy of it:
 * a PGlite data-dir snapshot, or a PostgreSQL template database when TEST_DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    // One template per project of the run (api, api-web), each set up by its own call here.
    const template = `pc_template_${process.pid}_${project.name.replace(/\W/g, "_")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: "" });
    await prepare(handle);
    await handle.close();
    project.provide("pgTemplate", { serverUrl, template });
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }

  const client = await createPglite();
  const handle = wrapPglite(client);
  await prepare(handle);
  const dump = await client.dumpDataDir("none");
  await handle.close();
  const dir = mkdtempSync(path.join(tmpdir(), "pc-pglite-"));
  const file = path.join(dir, "seeded.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteSnapshot", file);
  return () => rmSync(dir, { recursive: true, force: true });
}

async function prepare(handle: Awaited<ReturnType<typeof openDatabase>>) {
  await handle.migrate();
  const admin = await ensureFirstAdmin(handle.db, TEST_ADMIN);
  // Tests start from an account whose configured password was already replaced (decision 030
  // marks it must-change); admin-auth.test.ts covers the first sign-in itself.
  await handle.db.update(adminUsers).set({ mustChangePassword: false });
  await seedDemoCatalogue(handle.db, { createdBy: admin.userId });
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: { serverUrl: string; template: string };
  }
}
