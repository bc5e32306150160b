import { afterEach, describe, expect, it } from "vitest";
import { EventLoopDelay, STALL_MS } from "./event-loop-delay";

function blockLoop(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // blocked, as a long synchronous task would block it
  }
}

let monitor: EventLoopDelay | undefined;
afterEach(() => monitor?.stop());

describe("the event loop's delay", () => {
  it("logs a line when the loop stalled longer than the threshold, once for several stalls in a minute", async () => {
    const lines: string[] = [];
    const logged = new Promise<void>((done) => {
      monitor = new EventLoopDelay({
        windowMs: 50,
        log: (line) => {
          lines.push(line);
          done();
        },
      });
    });
    // The histogram's first tick only starts its count, and a busy machine may delay that tick:
    // block until a stall has been seen (the first block usually suffices).
    let seen = false;
    void logged.then(() => {
      seen = true;
    });
    for (let attempt = 0; attempt < 20 && !seen; attempt++) {
      await new Promise((done) => setTimeout(done, 60));
      blockLoop(STALL_MS * 3);
    }
    await logged;
    expect(lines[0]).toMatch(/^Event loop stalled: requests waited up to \d+ ms \(p99 \d+ ms\) in the last 0\.05 s\.$/);
    blockLoop(STALL_MS * 3);
    // Several windows later, the second stall has not made a second line (at most one a minute).
    await new Promise((done) => setTimeout(done, 300));
    expect(lines).toHaveLength(1);
  }, 15_000);

  it("says nothing while the loop keeps up", async () => {
    const lines: string[] = [];
    monitor = new EventLoopDelay({ windowMs: 20, log: (line) => lines.push(line) });
    await new Promise((done) => setTimeout(done, 100));
    expect(lines).toEqual([]);
  });
});
