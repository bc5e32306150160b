import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "./app";
import { setupTestApp, testConfig } from "./test/test-app";

const { database } = await setupTestApp();

const clientDir = await mkdtemp(join(tmpdir(), "flashcards-client-"));
await mkdir(join(clientDir, "assets"));
await writeFile(join(clientDir, "index.html"), "<!doctype html><title>app</title>");
await writeFile(join(clientDir, "assets", "main-abc123.js"), "console.log('app')");
await writeFile(join(clientDir, "favicon.svg"), "<svg/>");
afterAll(() => rm(clientDir, { recursive: true, force: true }));

const app = createApp({ db: database.db, config: testConfig, mailer: { send: async () => {} }, clientDir });

describe("serving the web client", () => {
  it.each(["/", "/en/", "/ja/courses/12/decks/3/test", "/anything/else"])(
    "answers %s with index.html",
    async (path) => {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(await res.text()).toContain("<title>app</title>");
    },
  );

  it("serves hashed assets with a long cache", async () => {
    const res = await app.request("/assets/main-abc123.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("javascript");
    expect(res.headers.get("cache-control")).toContain("immutable");
  });

  it("answers a missing asset with 404, not the app", async () => {
    const res = await app.request("/assets/gone-000.js");
    expect(res.status).toBe(404);
  });

  it("serves top-level public files", async () => {
    const res = await app.request("/favicon.svg");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("<svg/>");
  });

  it("keeps API paths on the API", async () => {
    const res = await app.request("/api/unknown");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
  });
});
