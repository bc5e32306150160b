import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../test/test-app";

const { app } = await setupTestApp();

describe("GET /api/health", () => {
  it("answers ok once the database is ready", async () => {
    const res = await app.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("answers unknown API paths with the one error shape", async () => {
    const res = await app.request("/api/no-such-thing");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "No such API endpoint." } });
  });
});
