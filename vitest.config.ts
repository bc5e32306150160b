import { defineConfig } from "vitest/config";

/**
 * Three suites:
 * - unit: pure logic (client, shared, and server files named *.unit.test.ts);
 * - api: the real Hono app in-process against a real database (PGlite, or PostgreSQL when
 *   TEST_DATABASE_URL is set), migrated once per run;
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
          exclude: ["src/server/**/*.unit.test.ts"],
          globalSetup: ["src/server/test/global-setup.ts"],
          hookTimeout: 60_000,
          testTimeout: 30_000,
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
