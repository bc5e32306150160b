import { relative } from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** PostgreSQL: every file shares one database, and the race tests count lock waiters in it. */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Four suites:
 * - unit: pure logic (client, shared, and server files named *.unit.test.ts);
 * - api: the real Hono app in-process against a real database (PGlite, or PostgreSQL when
 *   TEST_DATABASE_URL is set), migrated once per run; files share their worker's modules and
 *   database (isolate: false) and, on PGlite, two workers run at once (docs/decisions/0020);
 * - faults: real server processes under faults: PostgreSQL restarting, two servers on one data
 *   folder, start-up errors, graceful stop (needs PostgreSQL's binaries for its own cluster); and
 *   the prepared initial database at a first start and a restart (initdb in folders of its own);
 * - e2e: the real server and Debian's Chromium (needs /usr/bin/chromium).
 */
/**
 * Vitest starts the files it has timings for longest first, and the others largest first. A fresh
 * clone (as in CI) has no timings, and a short file that takes seconds would start last and keep
 * the run going while the other worker idles: these (measured, decision 0020) start first there.
 */
const KNOWN_SLOW = [
  // api, longest first.
  "src/server/features/accounts/accounts.test.ts",
  "src/server/security/fuzz.test.ts",
  "src/server/features/exports/exports.test.ts",
  "src/server/features/search/search.test.ts",
  "src/server/features/accounts/sign-in-lockout.test.ts",
  "src/server/security/authorization-matrix.test.ts",
  "src/server/features/accounts/sign-in-link.test.ts",
  "src/server/features/decks/decks.test.ts",
  "src/server/features/imports/imports.test.ts",
  "src/server/features/health/health.test.ts",
  // unit: the group the API tests wait for, so its longest files start first.
  "src/shared/transfer/transfer.test.ts",
  "src/client/core/offline/outbox.test.ts",
  "src/server/event-loop-delay.unit.test.ts",
  "src/client/features/study/lib/study-logic.test.ts",
  "src/shared/memory/scheduler.test.ts",
];

class KnownSlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const path = (file: TestSpecification) => relative(this.ctx.config.root, file.moduleId);
    const timed = sorted.every((file) => this.ctx.cache.getFileTestResults(`${file.project.name}:${path(file)}`));
    if (timed) return sorted;
    const rank = (file: TestSpecification) => {
      const index = KNOWN_SLOW.indexOf(path(file));
      return index === -1 ? KNOWN_SLOW.length : index;
    };
    // Stable: groups and projects in Vitest's order, the known slow files first in each, the rest
    // as Vitest had them.
    return [...sorted].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        a.project.name.localeCompare(b.project.name) ||
        rank(a) - rank(b),
    );
  }
}

/** The import aliases of tsconfig.json (@shared, @server, @client), in every project. */
const resolve = { tsconfigPaths: true };

export default defineConfig({
  test: {
    sequence: { sequencer: KnownSlowFirst },
    projects: [
      {
        resolve,
        test: {
          name: "unit",
          include: ["src/client/**/*.test.{ts,tsx}", "src/shared/**/*.test.ts", "src/server/**/*.unit.test.ts"],
          environment: "node",
          // The files share their worker's modules (a fresh module graph per file cost ~0.4 s each,
          // a third of this project's time): none keeps state another could see, and the
          // IndexedDB tests use databases of their own.
          isolate: false,
          // Vitest's default on a 2-core machine is one worker (cores - 1); the run is mostly waiting
          // on PGlite and scrypt, and two keep both cores busy.
          maxWorkers: 2,
        },
      },
      {
        resolve,
        test: {
          name: "api",
          include: ["src/server/**/*.test.ts"],
          exclude: ["src/server/**/*.unit.test.ts", "src/server/faults/**"],
          globalSetup: ["src/server/test/global-setup.ts"],
          // Loading the app (Better Auth, drizzle, PGlite's WebAssembly) once per worker, not per file:
          // the files keep no module state of their own and build their data with unique values.
          isolate: false,
          // One worker per file at a time on PostgreSQL (one shared database; lock counts in the race tests).
          maxWorkers: onPostgres ? 1 : 2,
          // After the unit tests: on PGlite they run while the setup's dump is made (global-setup.ts).
          sequence: { groupOrder: 1 },
          hookTimeout: 60_000,
          testTimeout: 30_000,
        },
      },
      {
        resolve,
        test: {
          name: "faults",
          include: ["src/server/faults/**/*.faults.test.ts"],
          // Its own group: one file at a time (real servers and clusters), whatever the others run with.
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
          // Each test starts real servers (and one a PostgreSQL cluster): bounded, but not quick.
          hookTimeout: 120_000,
          testTimeout: 180_000,
        },
      },
      {
        resolve,
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          globalSetup: ["e2e/global-setup.ts"],
          // One browser at a time: the machine has two cores and the server needs one.
          fileParallelism: false,
          hookTimeout: 180_000,
          testTimeout: 60_000,
        },
      },
    ],
  },
});
