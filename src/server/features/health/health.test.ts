import { createTestApp, openTestDatabase, setupTestApp } from "@server/test/test-app";
import { describe, expect, it } from "vitest";

const { app } = await setupTestApp();

describe("GET /api/health", () => {
  it("answers ok once the database is ready", async () => {
    const res = await app.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "ok",
      eventLoopDelay: { p99Ms: expect.any(Number), maxMs: expect.any(Number) },
    });
  });

  it("reports a stall of the event loop in its delay", async () => {
    await app.request("/api/health"); // starts the monitor, if no test did
    const blockedMs = 300;
    let maxMs = 0;
    // The monitor's first tick only starts its count, and a busy machine may delay that tick:
    // block until the stall is seen (the first block usually suffices).
    for (let attempt = 0; attempt < 10 && maxMs < blockedMs - 20; attempt++) {
      await new Promise((done) => setTimeout(done, 100));
      const until = performance.now() + blockedMs;
      while (performance.now() < until) {
        // the event loop is blocked, as a long synchronous task would block it
      }
      // The monitor's timer notes the delay once the loop runs again.
      await new Promise((done) => setTimeout(done, 30));
      maxMs = (await (await app.request("/api/health")).json()).eventLoopDelay.maxMs;
    }
    expect(maxMs).toBeGreaterThanOrEqual(blockedMs - 20);
  });

  it("answers 503 unavailable, with Retry-After, when the database is away", async () => {
    // A database that has been closed is as away as one can be; the real PostgreSQL outage is in
    // faults/postgres-restart. (A copy of the run's database: a new empty PGlite costs seconds.)
    const database = await openTestDatabase();
    await database.close();
    const away = createTestApp(database.db);
    const res = await away.request("/api/health");
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.json()).toEqual({
      error: { code: "unavailable", message: "The database is not reachable right now. Please try again shortly." },
    });
  });

  it("answers unknown API paths with the one error shape", async () => {
    const res = await app.request("/api/no-such-thing");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "No such API endpoint." } });
  });
});
