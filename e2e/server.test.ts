/** The server as an operator runs it: start-up checks, a clean stop, the production bundle. */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
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
