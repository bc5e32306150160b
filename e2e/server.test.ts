/** The server as an operator runs it: start-up checks, a clean stop, the production bundle. */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, inject, it } from "vitest";
import { createDeckFixture } from "../harness/fixtures";
import { BUNDLE_ENTRY, spawnServer, startServer } from "../harness/server";

/** Four cards, as a deck needs: the first given, the rest filler. */
const fourCards = (question: string, answer: string) =>
  [
    { question, answer },
    { question: "cuatro", answer: "four" },
    { question: "cinco", answer: "five" },
    { question: "seis", answer: "six" },
  ].map((card) => ({ ...card, duration: 1 }));

describe("server process", () => {
  it("stops cleanly within 5 s of Ctrl-C (SIGINT)", async () => {
    const server = await startServer({ SEED_DEMO: "false" });
    const started = Date.now();
    const code = await server.stop("SIGINT");
    expect(Date.now() - started).toBeLessThan(5000);
    expect(code).toBe(0);
    expect(server.output()).toContain("closing the database");
  });

  it("refuses to start with a bad setting, naming the variable", async () => {
    const child = spawnServer({ PORT: "not-a-port" });
    let output = "";
    child.stderr?.on("data", (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(output).toContain("PORT: must be a whole number from 0 to 65535");
  });

  // The other tests run the sources through tsx, where a worker's code is found another way
  // (src/server/workers/worker-file.ts); both pools run on piscina, whose worker script is its own file.
  it("starts its worker threads from the production bundle: an export in each format, an import's body", async () => {
    const build = `const { buildServer } = await import("./scripts/build.mjs"); await buildServer();`;
    await promisify(execFile)(process.execPath, ["--input-type=module", "-e", build], {
      cwd: join(import.meta.dirname, ".."),
    });
    const server = await startServer({ SEED_DEMO: "false" }, BUNDLE_ENTRY);
    try {
      const author = await createDeckFixture(server.url, fourCards("uno", "one"));
      const exportOf = (format: string) => fetch(`${server.url}/api/exports/${author.courseId}?format=${format}`);
      const apkg = await exportOf("apkg");
      expect(apkg.status, server.output()).toBe(200);
      // A zip.
      expect([...new Uint8Array(await apkg.arrayBuffer()).slice(0, 2)]).toEqual([0x50, 0x4b]);
      const csv = await exportOf("csv");
      expect(csv.status).toBe(200);
      expect(await csv.text()).toContain("uno,one");
      const quizlet = await exportOf("quizlet");
      expect(quizlet.status).toBe(200);
      expect(await quizlet.text()).toContain("uno\tone");

      const imported = await fetch(`${server.url}/api/imports`, {
        method: "POST",
        headers: { origin: server.url, cookie: author.cookie, "content-type": "application/json" },
        body: JSON.stringify({
          importId: crypto.randomUUID(),
          target: { kind: "existing", courseId: author.courseId },
          decks: [{ name: "More", description: "More numbers", cards: fourCards("tres", "three") }],
        }),
      });
      expect(imported.status, `${await imported.clone().text()}\n${server.output()}`).toBe(201);
    } finally {
      await server.stop();
    }
  }, 180_000);
});

describe("the installable app's files", () => {
  // #23: only top-level public files were served; the icons in /icons/ came back as the app's HTML.
  it("serves every file both manifests name, each with its own type, and a 404 for a missing icon", async () => {
    const base = inject("baseURL");
    for (const manifest of ["/manifest.webmanifest", "/manifest-ja.webmanifest"]) {
      const reply = await fetch(`${base}${manifest}`);
      expect(reply.status, manifest).toBe(200);
      expect(reply.headers.get("content-type"), manifest).toMatch(/^application\/manifest\+json/);
      const { icons, start_url } = (await reply.json()) as {
        icons: { src: string; type: string }[];
        start_url: string;
      };
      expect(icons.length, manifest).toBeGreaterThanOrEqual(3);
      for (const icon of icons) {
        const file = await fetch(new URL(icon.src, `${base}${manifest}`));
        expect(file.status, icon.src).toBe(200);
        expect(file.headers.get("content-type"), icon.src).toBe(icon.type);
        // A PNG's signature: the file itself, not a page.
        expect([...new Uint8Array(await file.arrayBuffer()).slice(0, 4)], icon.src).toEqual([0x89, 0x50, 0x4e, 0x47]);
      }
      const start = await fetch(new URL(start_url, `${base}${manifest}`));
      expect(start.status, start_url).toBe(200);
      expect(start.headers.get("content-type"), start_url).toMatch(/^text\/html/);
    }
    const missing = await fetch(`${base}/icons/missing-icon.png`);
    expect(missing.status).toBe(404);
  });
});
