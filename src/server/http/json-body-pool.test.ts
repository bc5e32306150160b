/**
 * The import body worker's queue is bounded (decision 0036): bodies beyond the one being read and
 * JSON_WORKER_MAX_QUEUE waiting are refused at once ("busy", which the request guard answers with
 * 503 and Retry-After), and the worker reads again once the queue has room. A real worker thread.
 */
import { describe, expect, it } from "vitest";
import { checkBodyInWorker, JSON_WORKER_MAX_QUEUE } from "./json-body-pool";

describe("the import body worker's queue", () => {
  it("refuses bodies beyond its queue at once, reads those it took, and takes new ones after", async () => {
    const body = new TextEncoder().encode(JSON.stringify({ not: "an import" }));
    const sent = JSON_WORKER_MAX_QUEUE + 3;
    const results = await Promise.all(Array.from({ length: sent }, () => checkBodyInWorker(body, "import")));

    const busy = results.filter((result) => result === "busy");
    const read = results.filter((result) => result !== "busy");
    expect(busy.length).toBeGreaterThan(0);
    expect(read.length).toBeGreaterThanOrEqual(JSON_WORKER_MAX_QUEUE);
    for (const result of read) expect(result).toMatchObject({ ok: false, problem: "invalid" });

    expect(await checkBodyInWorker(body, "import")).toMatchObject({ ok: false, problem: "invalid" });
  });
});
