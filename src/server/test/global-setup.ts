/**
 * Runs once per API test run: makes a fresh database and migrates it.
 * - PostgreSQL (TEST_DATABASE_URL set): a new database beside the given one, dropped afterwards.
 * - PGlite: a migrated in-memory database dumped to a file that every test file starts from.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrationsFolder, openDatabase } from "../db/client";

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
  const client = await PGlite.create({ extensions: { pg_trgm } });
  await migrate(drizzle({ client }), { migrationsFolder });
  const dump = await client.dumpDataDir("none");
  await client.close();

  const dir = await mkdtemp(join(tmpdir(), "flashcards-test-"));
  const dumpFile = join(dir, "migrated.tar");
  await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide("testDatabase", { kind: "pglite", dumpFile });

  return () => rm(dir, { recursive: true, force: true });
}
