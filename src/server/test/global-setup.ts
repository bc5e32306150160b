/**
 * Runs once per API test run: makes a fresh database and migrates it.
 * - PostgreSQL (TEST_DATABASE_URL set): a new database beside the given one, dropped afterwards.
 * - PGlite: a migrated in-memory database dumped to a file that each test worker starts from
 *   (test-app.ts). Creating it runs initdb (~5 s on this machine); the dump depends only on the
 *   PGlite version and the migrations, so it is kept under node_modules/.cache, keyed like the
 *   app's prepared initial database (db/initial-data.ts), and made again when either changes.
 *   It is made by a process of its own (make-test-dump.ts) that this setup does not wait for: the
 *   unit tests run first (their group comes first, vitest.config.ts) while it works, and an API
 *   worker waits for the file (test-app.ts).
 */

import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client";
import { initialDataCache, initialDataKey } from "../db/initial-data";
import { dumpFailure } from "./test-dump";

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
  project.provide("testDatabase", { kind: "pglite", dumpFile });
  if (existsSync(dumpFile)) return;

  await mkdir(initialDataCache, { recursive: true });
  await rm(dumpFailure(dumpFile), { force: true });
  const script = fileURLToPath(new URL("make-test-dump.ts", import.meta.url));
  const maker = spawn(process.execPath, ["--import", "tsx", script, dumpFile], {
    stdio: ["ignore", "inherit", "pipe"],
  });
  let errors = "";
  maker.stderr.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const made = new Promise<void>((resolve) => {
    maker.on("close", async (code) => {
      if (code === 0) {
        for (const file of await readdir(initialDataCache)) {
          if (file.startsWith("test-dump-") && file !== name) await rm(join(initialDataCache, file), { force: true });
        }
      } else {
        // The API workers wait for the dump or for this file, whose text they fail with.
        await writeFile(dumpFailure(dumpFile), `Making the test database failed (exit ${code}):\n${errors}`);
      }
      resolve();
    });
  });
  return async () => {
    if (maker.exitCode === null) maker.kill();
    await made;
  };
}
