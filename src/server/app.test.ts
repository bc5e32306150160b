import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { createApp, THEME_SCRIPT_HASH } from "./app";
import { chooseEncoding, compression } from "./http/compression";
import { createCourse, createUser } from "./test/factories";
import { setupTestApp, testConfig } from "./test/test-app";

const { database } = await setupTestApp();

const clientDir = await mkdtemp(join(tmpdir(), "flashcards-client-"));
await mkdir(join(clientDir, "assets"));
await writeFile(join(clientDir, "index.html"), "<!doctype html><title>app</title>");
await writeFile(join(clientDir, "assets", "main-abc123.js"), "console.log('app')");
await writeFile(join(clientDir, "favicon.svg"), "<svg/>");
// A built asset large enough to be compressed, with the .br and .gz the build writes beside it.
const bundle = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;
await writeFile(join(clientDir, "assets", "bundle-def456.js"), bundle);
await writeFile(join(clientDir, "assets", "bundle-def456.js.br"), brotliCompressSync(bundle));
await writeFile(join(clientDir, "assets", "bundle-def456.js.gz"), gzipSync(bundle));
afterAll(() => rm(clientDir, { recursive: true, force: true }));
const bigClientDir = await mkdtemp(join(tmpdir(), "flashcards-client-"));
const bigIndex = `<!doctype html><title>app</title>${"<link rel=modulepreload href=/assets/chunk.js>".repeat(40)}`;
await writeFile(join(bigClientDir, "index.html"), bigIndex);
afterAll(() => rm(bigClientDir, { recursive: true, force: true }));

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
  it("sends a Content-Security-Policy that allows only the theme's inline script, and forbids framing", async () => {
    const res = await app.request("/en/");
    const policy = res.headers.get("content-security-policy") ?? "";
    const directives = new Map(
      policy.split(";").map((part) => {
        const [name = "", ...values] = part.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    // 'wasm-unsafe-eval' lets the import worker compile sql.js's WebAssembly; no eval of script text.
    expect(directives.get("script-src")).toEqual(["'self'", THEME_SCRIPT_HASH, "'wasm-unsafe-eval'"]);
    expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
    expect(directives.get("object-src")).toEqual(["'none'"]);
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("allows index.html's inline scripts by their hash, and no other", async () => {
    const html = await readFile(join(import.meta.dirname, "../client/index.html"), "utf8");
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      ([, body]) =>
        `'sha256-${createHash("sha256")
          .update(body ?? "")
          .digest("base64")}'`,
    );
    expect(inline).toEqual([THEME_SCRIPT_HASH]);
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

  it.each(["/api/auth/get-session", "/api/profile", "/api/me/home"])("marks %s private, no-store", async (path) => {
    const res = await app.request(path);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("compression", () => {
  const decode = (encoding: string | null, body: ArrayBuffer) => {
    const bytes = Buffer.from(body);
    if (encoding === "br") return brotliDecompressSync(bytes).toString("utf8");
    if (encoding === "gzip") return gunzipSync(bytes).toString("utf8");
    return bytes.toString("utf8");
  };

  it.each(["br", "gzip"])("sends a built asset precompressed with %s, decoding to the original", async (encoding) => {
    const res = await app.request("/assets/bundle-def456.js", { headers: { "accept-encoding": encoding } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe(encoding);
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(res.headers.get("content-type")).toContain("javascript");
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(decode(encoding, await res.arrayBuffer())).toBe(bundle);
  });

  it("sends the asset as it is to a client that accepts no encoding", async () => {
    const res = await app.request("/assets/bundle-def456.js", { headers: { "accept-encoding": "identity" } });
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(await res.text()).toBe(bundle);
  });

  it.each(["br", "gzip"])("compresses a JSON reply with %s, decoding to the same JSON", async (encoding) => {
    const owner = await createUser(database.db);
    const course = await createCourse(database.db, owner.id, {
      description: "A long description. ".repeat(40),
      decks: 12,
    });
    const plain = await app.request(`/api/courses/${course.id}`, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toMatch(/accept-encoding/i);
    const original = await plain.text();
    expect(original.length).toBeGreaterThan(1024);

    const res = await app.request(`/api/courses/${course.id}`, {
      headers: { "accept-encoding": `${encoding}, deflate` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("content-encoding")).toBe(encoding);
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    const body = await res.arrayBuffer();
    expect(Number(res.headers.get("content-length"))).toBe(body.byteLength);
    expect(body.byteLength).toBeLessThan(original.length);
    expect(JSON.parse(decode(encoding, body))).toEqual(JSON.parse(original));

    // The compressed form has a weak validator of its own, and a revalidation with it still works.
    const etag = plain.headers.get("etag");
    expect(etag).toMatch(/^"/);
    expect(res.headers.get("etag")).toBe(`W/${etag}`);
    const again = await app.request(`/api/courses/${course.id}`, {
      headers: { "accept-encoding": encoding, "if-none-match": res.headers.get("etag") ?? "" },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("vary")).toMatch(/accept-encoding/i);
  });

  it("compresses the app's HTML when it is large enough, and keeps small replies as they are", async () => {
    const big = createApp({
      db: database.db,
      config: testConfig,
      mailer: { send: async () => {} },
      clientDir: bigClientDir,
    });
    const res = await big.request("/en/", { headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(decode("br", await res.arrayBuffer())).toBe(bigIndex);

    const small = await app.request("/en/", { headers: { "accept-encoding": "br" } });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(small.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(await small.text()).toContain("<title>app</title>");
  });

  it("keeps status, cookies and other headers of a compressed reply", async () => {
    const payload = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) };
    const small = new Hono().use(compression).post("/", (c) => {
      c.header("set-cookie", "a=1; Path=/", { append: true });
      c.header("set-cookie", "b=2; Path=/", { append: true });
      c.header("cache-control", "no-store");
      return c.json(payload, 201);
    });
    const res = await small.request("/", { method: "POST", headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(201);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(JSON.parse(decode("gzip", await res.arrayBuffer()))).toEqual(payload);
  });

  it.each([
    [undefined, null],
    ["", null],
    ["identity", null],
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0.5, gzip;q=0.8", "gzip"],
    ["*", "br"],
    ["gzip;q=0, *;q=0.1", "br"],
    ["x-gzip", "gzip"],
  ])("picks the encoding for Accept-Encoding %j", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});
