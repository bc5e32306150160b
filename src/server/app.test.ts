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

describe("security headers", () => {
  it("sends a Content-Security-Policy without inline script, and forbids framing", async () => {
    const res = await app.request("/en/");
    const policy = res.headers.get("content-security-policy") ?? "";
    const directives = new Map(
      policy.split(";").map((part) => {
        const [name = "", ...values] = part.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get("script-src")).toEqual(["'self'"]);
    expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
    expect(directives.get("object-src")).toEqual(["'none'"]);
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("sends no HSTS over plain http, and HSTS behind https", async () => {
    expect((await app.request("/en/")).headers.get("strict-transport-security")).toBeNull();
    const origin = "https://flashcards.example";
    const secure = createApp({
      db: database.db,
      config: { ...testConfig, origin, trustedOrigins: [origin] },
      mailer: { send: async () => {} },
      clientDir,
    });
    expect((await secure.request("/en/")).headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });

  it.each(["/api/auth/get-session", "/api/profile", "/api/me/home"])("marks %s no-store", async (path) => {
    const res = await app.request(path);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
