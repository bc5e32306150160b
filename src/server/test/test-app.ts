/**
 * Each API test file gets the real app on the run's database: the PostgreSQL test database, or on
 * PGlite the worker's copy of the migrated dump, one per worker process (the api project runs
 * without per-file isolation, so this module and its copy live as long as the worker). Tests build
 * their own data with unique values (see factories), so files sharing a database never collide,
 * as they always have on PostgreSQL. A test that needs a database of its own opens one with
 * openTestDatabase and closes it.
 */
import { readFile } from "node:fs/promises";
import { inject } from "vitest";
import { type AppOptions, createApp } from "../app";
import type { AppConfig } from "../config";
import { type Database, type DatabaseHandle, openDatabase } from "../db/client";
import { Optimiser } from "../features/memory-model/optimiser";
import { createMailer } from "../mail";
import { waitForDump } from "./test-dump";

export const TEST_ORIGIN = "http://127.0.0.1:3000";

export const testConfig: AppConfig = {
  origin: TEST_ORIGIN,
  trustedOrigins: [TEST_ORIGIN],
  authSecret: "test-secret-that-is-long-enough-for-better-auth",
  production: false,
  trustProxy: 1,
  // In-process requests have no socket address to check; the loopback rule has its own tests.
  outbox: "anyone",
  clock: () => new Date(),
  // Tests search for data they have just made; the cache has a test of its own.
  shortSearchCacheMs: 0,
};

export interface TestContext {
  app: ReturnType<typeof createApp>;
  database: DatabaseHandle;
}

/**
 * The real app on `db`, with the test configuration changed by `config` and mail kept in the outbox;
 * `options` gives it parts of its own (a smaller export pool, an optimiser). Its optimiser fits
 * memory models only when asked ("Optimise now"): answers of other tests never start a fit in the
 * background; the memory-model tests give one that does.
 */
export function createTestApp(
  db: Database,
  config: Partial<AppConfig> = {},
  options: Pick<AppOptions, "exports" | "optimiser"> = {},
) {
  const mailer = createMailer({ db, from: "test@flashcards.example", log: () => {} });
  const full = { ...testConfig, ...config };
  const optimiser = options.optimiser ?? new Optimiser(db, full.clock, { automatic: false });
  return createApp({ db, config: full, mailer, ...options, optimiser });
}

/** A new handle on the run's database (PostgreSQL), or a new copy of it (PGlite); the caller closes it. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const target = inject("testDatabase");
  if (target.kind === "postgres") return openDatabase({ url: target.url });
  await waitForDump(target.dumpFile);
  return openDatabase({ memory: true, loadDataDir: new Blob([await readFile(target.dumpFile)]) });
}

let shared: Promise<DatabaseHandle> | undefined;

/**
 * The worker's database, opened on first use and never closed by a test (the worker's exit ends
 * it; on PostgreSQL the run's teardown drops the database with its connections). Loading the dump
 * and starting PGlite costs about a second, once per worker instead of once per file.
 */
export function sharedTestDatabase(): Promise<DatabaseHandle> {
  shared ??= openTestDatabase().then((database) => ({
    ...database,
    // A file that closed it would take it from every later file of the worker.
    close: () => Promise.reject(new Error("the shared test database is not closed by tests")),
  }));
  return shared;
}

/** Call at the top level of a test file: the real app (with `config`) on the worker's database. */
export async function setupTestApp(config: Partial<AppConfig> = {}): Promise<TestContext> {
  const database = await sharedTestDatabase();
  return { app: createTestApp(database.db, config), database };
}
