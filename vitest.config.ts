import { defineConfig } from "vitest/config";

/**
 * Four suites:
 * - unit: pure logic (client, shared, and server files named *.unit.test.ts);
 * - api: the real Hono app in-process against a real database (PGlite, or PostgreSQL when
 *   TEST_DATABASE_URL is set), migrated once per run;
 * - faults: real server processes under faults: PostgreSQL restarting, two servers on one data
 *   folder, start-up errors, graceful stop (needs PostgreSQL's binaries for its own cluster);
 * - e2e: the real server and Debian's Chromium (needs /usr/bin/chromium).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/client/**/*.test.{ts,tsx}", "src/shared/**/*.test.ts", "src/server/**/*.unit.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "api",
          include: ["src/server/**/*.test.ts"],
          exclude: ["src/server/**/*.unit.test.ts", "src/server/faults/**"],
          globalSetup: ["src/server/test/global-setup.ts"],
          hookTimeout: 60_000,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "faults",
          include: ["src/server/faults/**/*.faults.test.ts"],
          // Each test starts real servers (and one a PostgreSQL cluster): bounded, but not quick.
          hookTimeout: 120_000,
          testTimeout: 180_000,
        },
      },
      {
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
