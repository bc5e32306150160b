/**
 * Runs once per API test run: makes a fresh database and migrates it.
 * - PostgreSQL (TEST_DATABASE_URL set): a new database beside the given one, dropped afterwards.
 * - PGlite: a migrated in-memory database dumped to a file that each test worker starts from
 *   (test-app.ts). Creating it runs initdb (~5 s on this machine); the dump depends only on the
 *   PGlite version and the migrations, so it is kept under node_modules/.cache, keyed like the
 *   app's prepared initial database (db/initial-data.ts), and made again when either changes.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrationsFolder, openDatabase } from "../db/client";
import { initialDataCache, initialDataKey } from "../db/initial-data";

/** Bumped when the way the dump is made changes (other extensions, other options). */
const DUMP_FORMAT = "1";

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: { kind: "postgres"; url: string } | { kind: "pglite"; dumpFile: string };
  }
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  return adminUrl ? setupPostgres(project, adminUrl) : setupPglite(project);
}

async function setupPostgres(project: TestProject, adminUrl: string) {
  const name = `flashcards_test_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;

  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  await database.close();
  project.provide("testDatabase", { kind: "postgres", url: url.toString() });

  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}

async function setupPglite(project: TestProject) {
  // The migrator's version too: it writes the migrations table the dump carries.
  const drizzlePackage = JSON.parse(await readFile(join(initialDataCache, "../../drizzle-orm/package.json"), "utf8"));
  const drizzleVersion = (drizzlePackage as { version: string }).version;
  const name = `test-dump-${DUMP_FORMAT}-${await initialDataKey()}-drizzle-${drizzleVersion}.tar`;
  const dumpFile = join(initialDataCache, name);
  if (!existsSync(dumpFile)) {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    await migrate(drizzle({ client }), { migrationsFolder });
    const dump = await client.dumpDataDir("none");
    await client.close();
    await mkdir(initialDataCache, { recursive: true });
    // Written under a private name and renamed: a file under its final name is complete.
    const draft = `${dumpFile}.${process.pid}.draft`;
    await writeFile(draft, Buffer.from(await dump.arrayBuffer()));
    await rename(draft, dumpFile);
    for (const file of await readdir(initialDataCache)) {
      if (file.startsWith("test-dump-") && file !== name) await rm(join(initialDataCache, file), { force: true });
    }
  }
  project.provide("testDatabase", { kind: "pglite", dumpFile });
}
