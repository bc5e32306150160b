/**
 * Issue #9, item 2: PostgreSQL stopping under load ended the process (an unhandled 'error' event
 * from the pool). On a private cluster of its own, this test stops PostgreSQL while requests run:
 * the server must stay up, answer 503 in the one error shape, and recover by itself once
 * PostgreSQL is back. The shared cluster on 5432 is never touched.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createCluster,
  type PrivateCluster,
  postgresBinDir,
  type ServerProcess,
  startServer,
  waitFor,
} from "./harness";

const SECRET = "faults-test-secret-that-is-long-enough-0123456789";
const hasPostgres = postgresBinDir() !== undefined;

let cluster: PrivateCluster | undefined;
let server: ServerProcess | undefined;

beforeAll(async () => {
  if (!hasPostgres) return;
  cluster = await createCluster();
  await cluster.start();
  server = await startServer({ DATABASE_URL: cluster.url, AUTH_SECRET: SECRET });
});

afterAll(async () => {
  await server?.stop("SIGKILL");
  await cluster?.remove();
});

const paths = ["/api/health", "/api/courses/most-followed"];

async function statusOf(url: string): Promise<number | string> {
  try {
    const res = await fetch(url);
    await res.arrayBuffer();
    return res.status;
  } catch (error) {
    return `request failed: ${(error as Error).message}`;
  }
}

/** Keeps `workers` requests going until stopped; returns every status seen. */
function load(base: string, workers = 4) {
  const seen = new Set<number | string>();
  let running = true;
  const loops = Array.from({ length: workers }, async (_, i) => {
    while (running) seen.add(await statusOf(`${base}${paths[i % paths.length]}`));
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return seen;
    },
  };
}

describe.skipIf(!hasPostgres)("PostgreSQL stopped and started under load", () => {
  it("keeps running, answers 503 while PostgreSQL is away, and recovers by itself", async () => {
    if (!server || !cluster) throw new Error("set-up failed");
    const { url } = server;
    for (const path of paths) expect(await statusOf(`${url}${path}`)).toBe(200);

    // Requests in flight and idle pooled connections both meet the administrator's termination.
    const traffic = load(url);
    await waitFor("some answered requests", async () =>
      (await statusOf(`${url}/api/health`)) === 200 ? true : undefined,
    );
    await cluster.stop();
    await waitFor("a 503 from /api/health", async () => {
      if (!server?.alive()) throw new Error(`The server exited when PostgreSQL stopped:\n${server?.output()}`);
      return (await statusOf(`${url}/api/health`)) === 503 ? true : undefined;
    });
    const during = await traffic.stop();
    // Never a dropped connection or a 500: the process is up, and the outage is a 503.
    expect([...during].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(server.alive()).toBe(true);
    // The child's log arrives through a pipe: wait for the line rather than read it at once.
    await waitFor("the lost connection in the log", async () =>
      server?.output().includes("PostgreSQL connection lost") ? true : undefined,
    );

    for (const path of paths) {
      const res = await fetch(`${url}${path}`);
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(await res.json()).toEqual({
        error: { code: "unavailable", message: "The database is not reachable right now. Please try again shortly." },
      });
    }

    await cluster.start();
    await waitFor("/api/health to recover", async () =>
      (await statusOf(`${url}/api/health`)) === 200 ? true : undefined,
    );
    const courses = await fetch(`${url}/api/courses/most-followed`);
    expect(courses.status).toBe(200);
    expect(server.alive()).toBe(true);
    expect(server.output()).toContain("PostgreSQL is reachable again.");
    expect(await server.stop("SIGTERM")).toBe(0);
  });
});
