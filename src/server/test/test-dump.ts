/**
 * The API tests' PGlite dump may still be in the making when a worker starts (global-setup.ts
 * starts make-test-dump.ts and goes on): a worker waits for the file, which appears complete
 * (renamed into place), or for the failure file the setup writes when making it failed.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";

/** Where the setup writes why the dump could not be made. */
export const dumpFailure = (dumpFile: string) => `${dumpFile}.failed`;

/** Making it takes ~5 s on this machine; far longer means something is wrong. */
const DUMP_WAIT_MS = 180_000;

export async function waitForDump(dumpFile: string): Promise<void> {
  const giveUp = Date.now() + DUMP_WAIT_MS;
  while (!existsSync(dumpFile)) {
    if (existsSync(dumpFailure(dumpFile))) throw new Error(await readFile(dumpFailure(dumpFile), "utf8"));
    if (Date.now() > giveUp)
      throw new Error(`The test database dump did not appear in ${DUMP_WAIT_MS / 1000} s: ${dumpFile}`);
    await sleep(100);
  }
}
