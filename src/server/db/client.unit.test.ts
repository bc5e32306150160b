/** The PGlite folder lock, on real files; two real servers are in faults/data-folder-lock. */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { deadPid } from "../test/processes";
import { StartupError } from "./availability";
import { lockDataDir } from "./client";

const dir = await mkdtemp(join(tmpdir(), "flashcards-lock-"));
const lockPath = join(dir, "pglite.lock");
afterAll(() => rm(dir, { recursive: true, force: true }));
beforeEach(() => rm(lockPath, { force: true }));

const holderPid = async () => (JSON.parse(await readFile(lockPath, "utf8")) as { pid: number }).pid;
const writeLock = (pid: number) => writeFile(lockPath, `${JSON.stringify({ pid, host: "h", since: "2020-01-01" })}\n`);

describe("lockDataDir", () => {
  it("takes a free folder, names this process, and lets go on release", async () => {
    const lock = await lockDataDir(lockPath, dir);
    expect(await holderPid()).toBe(process.pid);
    lock.release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it("refuses while the holder runs, naming it and the way out", async () => {
    await writeLock(process.ppid); // the test runner's parent: certainly running
    const taking = lockDataDir(lockPath, dir);
    await expect(taking).rejects.toBeInstanceOf(StartupError);
    await expect(lockDataDir(lockPath, dir)).rejects.toThrow(
      new RegExp(`Another server \\(pid ${process.ppid}.*is using the data folder ${dir}.*delete ${lockPath}`),
    );
    expect(await holderPid()).toBe(process.ppid);
  });

  it.each([
    ["a process that has ended", deadPid],
    ["this very pid (reused after a container restart)", async () => process.pid],
  ])("takes over a lock held by %s", async (_, pid) => {
    await writeLock(await pid());
    const lock = await lockDataDir(lockPath, dir);
    expect(await holderPid()).toBe(process.pid);
    lock.release();
  });

  it("takes over a lock file it cannot read", async () => {
    await writeFile(lockPath, "not json");
    const lock = await lockDataDir(lockPath, dir);
    expect(await holderPid()).toBe(process.pid);
    lock.release();
  });

  it("never removes a lock that is no longer its own", async () => {
    const lock = await lockDataDir(lockPath, dir);
    await writeLock(process.ppid);
    lock.release();
    expect(await holderPid()).toBe(process.ppid);
  });
});
