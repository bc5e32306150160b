/**
 * Each API test file gets the real app on the run's database: the shared PostgreSQL test database,
 * or its own PGlite loaded from the migrated dump. Tests build their own data (see factories).
 */
import { readFile } from "node:fs/promises";
import { afterAll, inject } from "vitest";
import { createApp } from "../app";
import type { AppConfig } from "../config";
import { type Database, type DatabaseHandle, openDatabase } from "../db/client";
import { createMailer } from "../mail";

export const TEST_ORIGIN = "http://127.0.0.1:3000";

export const testConfig: AppConfig = {
  origin: TEST_ORIGIN,
  trustedOrigins: [TEST_ORIGIN],
  authSecret: "test-secret-that-is-long-enough-for-better-auth",
  production: false,
  trustProxy: 1,
  // In-process requests have no socket address to check; the loopback rule has its own tests.
  outbox: "anyone",
};

export interface TestContext {
  app: ReturnType<typeof createApp>;
  database: DatabaseHandle;
}

/** The real app on `db`, with the test configuration changed by `config` and mail kept in the outbox. */
export function createTestApp(db: Database, config: Partial<AppConfig> = {}) {
  const mailer = createMailer({ db, from: "test@flashcards.example", log: () => {} });
  return createApp({ db, config: { ...testConfig, ...config }, mailer });
}

/** A new handle on the run's database (PostgreSQL), or a new copy of it (PGlite); the caller closes it. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const target = inject("testDatabase");
  return target.kind === "postgres"
    ? openDatabase({ url: target.url })
    : openDatabase({ memory: true, loadDataDir: new Blob([await readFile(target.dumpFile)]) });
}

/** Call at the top level of a test file; the database closes after the file's tests. */
export async function setupTestApp(config: Partial<AppConfig> = {}): Promise<TestContext> {
  const database = await openTestDatabase();
  afterAll(() => database.close());
  return { app: createTestApp(database.db, config), database };
}
