/**
 * Issue #9, item 3: /dev/outbox hands out every mailed link, reset links included, so on a default
 * start it must answer only requests from this machine, and not exist at all when the server
 * listens on another address (unless OUTBOX=true says otherwise). Real processes, real sockets.
 */
import { rm } from "node:fs/promises";
import { afterAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServer, tempDir } from "./harness";

const dirs: string[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop("SIGKILL")));
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function serve(env: Record<string, string>) {
  const dir = await tempDir("outbox");
  dirs.push(dir);
  const server = await startServer({ DATA_DIR: dir, ...env });
  servers.push(server);
  return server;
}

describe("the outbox on a real server", () => {
  it("answers this machine on a loopback address, but not a request a proxy forwarded", async () => {
    const server = await serve({ HOST: "127.0.0.1" });
    expect((await fetch(`${server.url}/dev/outbox`)).status).toBe(200);
    const forwarded = await fetch(`${server.url}/dev/outbox`, { headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(forwarded.status).toBe(404);
  });

  it("does not exist when the server listens on every address, even for this machine", async () => {
    const server = await serve({ HOST: "0.0.0.0" });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${server.url}/dev/outbox`)).status).toBe(404);
    expect(server.output()).toContain("the outbox page is off");
  });

  it("is served on every address only when OUTBOX=true says so", async () => {
    const server = await serve({ HOST: "0.0.0.0", OUTBOX: "true" });
    expect((await fetch(`${server.url}/dev/outbox`)).status).toBe(200);
  });
});
