import { createTestApp, openTestDatabase, setupTestApp } from "@server/test/test-app";
import { describe, expect, it } from "vitest";

const { app } = await setupTestApp();

describe("GET /api/health", () => {
  it("answers ok once the database is ready", async () => {
    const res = await app.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
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
