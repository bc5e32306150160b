/**
 * Issue #9, item 4: two servers on one PGlite data folder lose each other's writes, so the second
 * start must refuse, naming the first; a lock left by a process that is gone must not block.
 */
import { existsSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { deadPid } from "../test/processes";
import { failedStart, type ServerProcess, startServer, tempDir } from "./harness";

const dataDir = await tempDir("lock");
const lockFile = join(dataDir, "pglite.lock");
const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop("SIGKILL")));
  await rm(dataDir, { recursive: true, force: true });
});

async function lockHolder(): Promise<number> {
  return (JSON.parse(await readFile(lockFile, "utf8")) as { pid: number }).pid;
}

describe("one server per PGlite data folder", () => {
  it("refuses a second server on the same folder, naming the first; the first keeps working", async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    servers.push(first);

    const second = await failedStart({ DATA_DIR: dataDir });
    expect(second.code).toBe(1);
    expect(second.output).toContain(`Another server (pid ${first.child.pid}`);
    expect(second.output).toContain(`is using the data folder ${dataDir}`);
    expect(second.output).toContain("give this one its own DATA_DIR");
    expect(second.output).toContain(`delete ${lockFile}`);

    expect(first.alive()).toBe(true);
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    expect(await lockHolder()).toBe(first.child.pid);

    expect(await first.stop("SIGTERM")).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  });

  it("takes over a stale lock whose process is gone", async () => {
    const gone = await deadPid();
    await writeFile(lockFile, `${JSON.stringify({ pid: gone, host: "elsewhere", since: "2020-01-01T00:00:00Z" })}\n`);
    const server = await startServer({ DATA_DIR: dataDir });
    servers.push(server);
    expect(server.output()).toContain(`Took over the data folder's lock from process ${gone}`);
    expect(await lockHolder()).toBe(server.child.pid);
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  });
});
