/**
 * Each API test file gets the real app on the run's database: the shared PostgreSQL test database,
 * or its own PGlite loaded from the migrated dump. Tests build their own data (see factories).
 */
import { readFile } from "node:fs/promises";
import { afterAll, inject } from "vitest";
import { createApp } from "../app";
import { type DatabaseHandle, openDatabase } from "../db/client";

export interface TestContext {
  app: ReturnType<typeof createApp>;
  database: DatabaseHandle;
}

/** Call at the top level of a test file; the database closes after the file's tests. */
export async function setupTestApp(): Promise<TestContext> {
  const target = inject("testDatabase");
  const database =
    target.kind === "postgres"
      ? await openDatabase({ url: target.url })
      : await openDatabase({ memory: true, loadDataDir: new Blob([await readFile(target.dumpFile)]) });
  afterAll(() => database.close());
  return { app: createApp({ db: database.db }), database };
}
